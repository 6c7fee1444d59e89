"""The Share dialog's HTML (pure, MicroPython subset): a link to the position as the person
sees it, the replay of the last hand that is over, and snippets that embed either in any web
page (an iframe and the few lines that follow its nos:resize messages; docs/embedding.md)."""

from render_svg import esc

# The iframe's height from its nos:resize; its width and border too, which the iframe's style
# attribute also sets, for a host whose CSP ignores style attributes (no 'unsafe-inline').
RESIZE = ('<script>addEventListener("message",e=>{if(e.data&&e.data.type==="nos:resize")'
          'for(const f of document.querySelectorAll("iframe.nos-embed"))'
          'if(f.contentWindow===e.source)Object.assign(f.style,'
          '{width:"100%",border:"0",height:e.data.height+"px"})})</script>')


def url_part(text):
    """`text` for a URL's query, as encodeURIComponent leaves it (positions need nothing)."""
    out = []
    for ch in str(text):
        if ch.isalpha() and ord(ch) < 128 or ch.isdigit() or ch in "-_.!~*'()":
            out.append(ch)
        else:
            for b in ch.encode():
                out.append("%" + "0123456789ABCDEF"[b >> 4] + "0123456789ABCDEF"[b & 15])
    return "".join(out)


def links(share, base, lang):
    """{"position": url, "replay": url} (each None when there is none) from the worker's
    share reply; `base` is the site's address, ending in "/"."""
    out = {"position": None, "replay": None}
    tail = "&lang=" + lang if lang else ""
    if share.get("position"):
        out["position"] = base + "embed.html?pos=" + url_part(share["position"]) + tail
    if share.get("record"):
        out["replay"] = (base + "embed.html?hand=" + str(int(share["hand"])) + tail +
                         "#r=" + str(share["record"]))
    return out


def snippet(url, height, name):
    """The iframe to paste, with the lines that resize it; `name` says what it shows (its
    accessible name: a page with two embeds tells them apart)."""
    return ('<iframe class="nos-embed" src="' + url + '" title="' + esc(name) +
            '" loading="lazy" style="width:100%;border:0" height="' + str(height) +
            '"></iframe>\n' + RESIZE)


def field(fid, label, value, words):
    # (each Copy described by what it copies: four alike would be told apart by none)
    return ('<div class="share-field"><label id="' + fid + '-label" for="' + fid + '">' +
            esc(label) + "</label>"
            '<div class="share-row"><textarea id="' + fid + '" readonly rows="' +
            ("4" if value.startswith("<") else "2") + '">' + esc(value) + "</textarea>"
            '<button type="button" data-cmd="share-copy" data-target="' + fid +
            '" aria-describedby="' + fid + '-label">' +
            esc(words.word("share.copy")) + "</button></div></div>")


def share_html(share, base, lang, words, note=""):
    """The dialog's body."""
    found = links(share, base, lang)
    parts = ['<h2 id="share-title">' + esc(words.word("share.title")) + "</h2>"]
    if found["position"]:
        parts.append(field("share-position", words.word("share.position"), found["position"],
                           words))
        parts.append(field("share-embed", words.word("share.embed"),
                           snippet(found["position"], 560, words.word("embed.title")),
                           words))
    if found["replay"]:
        parts.append(field("share-replay", words.word("share.replay"), found["replay"], words))
        parts.append(field("share-embed-replay", words.word("share.embed_replay"),
                           snippet(found["replay"], 620, words.word(
                               "embed.replay_title", {"hand": int(share["hand"])})), words))
    if not found["position"] and not found["replay"]:
        parts.append("<p>" + esc(words.word("share.none")) + "</p>")
    parts.append('<p class="share-note" role="status">' + esc(note) + "</p>")
    parts.append('<div class="dialog-buttons"><button type="button" data-cmd="share-close">' +
                 esc(words.word("share.close")) + "</button></div>")
    return "".join(parts)
