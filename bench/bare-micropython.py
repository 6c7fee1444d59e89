from pyscript import document, window

window.performance.mark("nos:bare")
document.body.setAttribute("data-state", "ready")
