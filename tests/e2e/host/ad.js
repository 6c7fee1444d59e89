// A third party's frame on the host page (an ad, same origin as the host here): it posts the
// message its fragment holds, [frame id, message], to the game's frame of that id, as a
// window other than the game's parent.
const [id, message] = JSON.parse(decodeURIComponent(location.hash.slice(1)));
parent.document.getElementById(id).contentWindow.postMessage(message, "*");
