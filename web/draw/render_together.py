"""The play-together dialog (docs/together.md): the host's seats and the invitation it
shows, and a joining device's answer. HTML text only; the QR codes come drawn (web/together/
qr.js) and every word from the catalogue."""

from render_html import button, esc

SEAT_STATES = ("free", "inviting", "joined", "lost")


def qr_figure(svg, label):
    """A QR code with its name for a screen reader (its text is beside it, to copy)."""
    if not svg:
        return ""
    return ('<figure class="qr" role="img" aria-label="' + esc(label) + '">' + svg +
            "</figure>")


def copy_row(field_id, label, text, w, share=False):
    """A read-only field with its text, Copy and (where the browser shares) Share."""
    out = ['<label class="param-label" for="' + field_id + '">' + esc(label) + "</label>",
           '<textarea id="' + field_id + '" class="together-text" readonly rows="2" '
           'spellcheck="false">' + esc(text) + "</textarea>", '<div class="buttons">',
           button(w.word("share.copy"), ' data-cmd="together-copy" data-target="' + field_id +
                  '"')]
    if share:
        out.append(button(w.word("together.share"), ' data-cmd="together-share"'))
    # ("Copied", or why not: beside the button, a line less on a phone)
    out.append('<span class="share-note" role="status"></span></div>')
    return "".join(out)


def name_field(name, w):
    """The name this device's person plays under, as the others see it."""
    return ('<label class="param-label" for="together-name">' +
            esc(w.word("together.your_name")) + '</label><input id="together-name" '
            'type="text" maxlength="16" autocomplete="nickname" value="' + esc(name) + '">')


def host_html(view, seats, inviting, link, qr, error, w, can_scan=False, can_share=False,
              scanning=False, name=""):
    """The host's dialog: its person's name (unless it is the table's screen), each
    person's seat and whether their device has joined; for the seat being invited, its
    code, its link and the place for the answer."""
    out = ['<h2 id="together-title">' + esc(w.word("together.title")) + "</h2>",
           '<p class="dialog-sub">' + esc(w.word("together.host_hint")) + "</p>"]
    if view.get("viewer") is not None:
        out.append(name_field(name, w))
    out.append('<ul class="together-seats">')
    names = view.get("names") or []
    away = view.get("away") or []
    for seat in view.get("together") or []:
        if seat == view.get("viewer"):
            continue  # (the host's own seat)
        state = seats.get(seat) or "free"
        name = names[seat] if seat < len(names) else str(seat)
        row = ['<li data-seat="' + str(seat) + '" data-state="' + state + '"><span>' +
               esc(name) + "</span> <span class=\"together-state\">" +
               esc(w.word("together.seat." + state)) + "</span>"]
        if state != "joined" and seat != inviting:
            row.append(button(w.word("together.invite"), ' data-cmd="together-invite" '
                              'data-seat="' + str(seat) + '"'))
        if seat in away:  # (a computer player plays it for now: said, and given back)
            row.append('<span class="together-away">' + esc(w.word("together.bot_plays")) +
                       "</span>" + button(w.word("together.give_back"),
                                          ' data-cmd="together-away" data-playing="0" '
                                          'data-seat="' + str(seat) + '"'))
        elif state != "joined":
            row.append(button(w.word("together.let_bot"), ' data-cmd="together-away" '
                              'data-playing="1" data-seat="' + str(seat) + '"'))
        out.append("".join(row) + "</li>")
    out.append("</ul>")
    if inviting is not None and link:
        name = names[inviting] if inviting < len(names) else str(inviting)
        out.append('<section class="together-invite" aria-labelledby="together-invite-h">'
                   '<h3 id="together-invite-h">' +
                   esc(w.word("together.invite_for", {"name": name})) + "</h3>")
        out.append('<p>' + esc(w.word("together.scan_this", {"name": name})) + "</p>")
        # (the code beside the fields on a wide screen: the whole invitation in view)
        out.append('<div class="together-invite-grid">' +
                   qr_figure(qr, w.word("together.qr_invite", {"name": name})) + "<div>")
        out.append(copy_row("together-link", w.word("together.link"), link, w, can_share))
        out.append('<label class="param-label" for="together-answer">' +
                   esc(w.word("together.answer_label")) + "</label>"
                   '<textarea id="together-answer" class="together-text" rows="2" '
                   'spellcheck="false" autocomplete="off"></textarea><div class="buttons">' +
                   button(w.word("together.connect"), ' data-cmd="together-accept"', "primary"))
        if can_scan:
            out.append(button(w.word("together.stop_scan" if scanning else "together.scan"),
                              ' data-cmd="together-scan"'))
        out.append("</div></div></div>")  # (the buttons, the fields, the grid)
        if scanning:
            out.append('<video id="together-video" class="together-video" muted playsinline '
                       'aria-label="' + esc(w.word("together.camera")) + '"></video>')
        out.append("</section>")
    if error:
        out.append('<p class="preview invalid" role="alert">' +
                   esc(w.word(error.get("key"), error)) + "</p>")
    out.append('<div class="dialog-buttons">' + button(w.word("share.close"),
                                                      ' data-cmd="together-close"') + "</div>")
    return "".join(out)


def guest_html(state, answer, qr, error, w, name=""):
    """A joining device's dialog: its answer to show the host, then whether it joined; the
    name its person plays under (sent to the host when the seat is theirs). `state`:
    "answering", "answer", "joined", "lost", or "failed" (no answer could be made)."""
    out = ['<h2 id="together-title">' + esc(w.word("together.join_title")) + "</h2>"]
    if state in ("answering", "answer"):
        out.append(name_field(name, w))
    if state == "answering":
        out.append('<p>' + esc(w.word("together.answering")) + "</p>")
    elif state == "answer" and answer:
        out.append('<p>' + esc(w.word("together.show_host")) + "</p>")
        out.append(qr_figure(qr, w.word("together.qr_answer")))
        out.append(copy_row("together-mine", w.word("together.answer"), answer, w))
    elif state == "lost":
        out.append('<p>' + esc(w.word("together.lost")) + "</p>")
    if error:
        out.append('<p class="preview invalid" role="alert">' +
                   esc(w.word(error.get("key"), error)) + "</p>")
    if state == "failed":  # (no table to join from this link: a way out, to the app itself)
        out.append('<p><a href="./">' + esc(w.word("together.play_here")) + "</a></p>")
    return "".join(out)
