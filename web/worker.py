# Pyodide worker `engine`: will hold the authoritative game state and the bots.
# It never touches the DOM (no pyscript.document / window): everything it shares with the
# main thread goes through the exported functions below, which take and return JSON strings.
import json
import os
import sys

import pyodide


def hello(request_json):
    """Boot handshake: echo the request and describe this interpreter."""
    request = json.loads(request_json)
    nos_files = sorted(os.listdir("nos")) if os.path.isdir("nos") else []
    return json.dumps(
        {
            "python": sys.version.split()[0],
            "implementation": sys.implementation.name,
            "pyodide": pyodide.__version__,
            "platform": sys.platform,
            "nos_files": nos_files,
            "echo": request,
        }
    )


__export__ = ["hello"]
