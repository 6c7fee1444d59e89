# Main thread (MicroPython): draws the table at once, then waits for the Pyodide worker
# `engine`, which holds the game. Only JSON strings cross between the two: a JsProxy result
# has no .to_py() in MicroPython, and dict(proxy) raises a JS error Python cannot catch.
import json

from pyscript import document, window, workers
from table import table_svg

app = document.getElementById("app")
status = document.getElementById("status")


def set_state(state, text):
    app.setAttribute("data-state", state)
    status.textContent = text


document.getElementById("table").innerHTML = table_svg()
set_state("frame", "Starting the engine…")
window.performance.mark("nos:frame")


async def connect():
    try:
        engine = await workers["engine"]
        reply = json.loads(await engine.hello(json.dumps({"from": "main"})))
    except Exception as exc:  # show any failure instead of spinning forever
        set_state("error", "The engine did not start: " + str(exc))
        window.console.error("Nos: engine failed to start: " + str(exc))
        return
    window.performance.mark("nos:ready")
    app.setAttribute("data-engine", json.dumps(reply))
    set_state("ready", "Ready (engine: Python " + reply["python"] + ")")
    window.dispatchEvent(window.Event.new("nos:ready"))


await connect()  # noqa: F704 - PyScript runs this script with top-level await
