"""The figures of bench/browser.py: medians and spreads per page and mode, the app's ratios
to a bare Pyodide in the same runs (over all pairs and over the quiet ones), the goals they
meet, the printed table, and one measurement in a line."""

from __future__ import annotations

import statistics

from bench.browser_serving import MB, QUIET_CORES

MODES = ("cold", "warm", "warm_http")


SERVER_METRICS = ["server_requests", "server_bytes", "server_gzip6", "other_cpu_cores"]
METRICS = {
    "app": [
        "frame",
        "playable",
        "ready",
        "ready_to_playable",
        "bot_pauses",
        "playable_less_pauses",
        "renderer_peak_mb",
        "main_js_heap_mb",
        *SERVER_METRICS,
    ],
    "raw": ["loaded", "python", "renderer_peak_mb", "main_js_heap_mb", *SERVER_METRICS],
    "snap": ["loaded", "python", "renderer_peak_mb", "main_js_heap_mb", *SERVER_METRICS],
}


def stats(values: list[float]) -> dict:
    return {
        "median": round(statistics.median(values), 1),
        "min": round(min(values), 1),
        "max": round(max(values), 1),
        "n": len(values),
    }


def summarize(runs: list[dict]) -> dict:
    summary: dict = {}
    ok = [r for r in runs if "error" not in r]
    for page_name, metrics in METRICS.items():
        for mode in MODES:
            rows = [r for r in ok if (r["page"], r["mode"]) == (page_name, mode)]
            for metric in metrics:
                values = [r[metric] for r in rows if metric in r]
                if values:
                    summary.setdefault(page_name, {}).setdefault(mode, {})[metric] = stats(values)
    return summary


def ratios(runs: list[dict], summary: dict) -> dict:
    """app playable / raw loadPyodide: of the medians, and the median of the per-run pairs
    (`warm_http`, the app without its service worker, is compared with raw `warm`)."""
    out = {}
    ok = [r for r in runs if "error" not in r]
    for mode in MODES:
        raw_mode = "warm" if mode == "warm_http" else mode
        try:
            app = summary["app"][mode]["playable"]["median"]
            raw = summary["raw"][raw_mode]["loaded"]["median"]
        except KeyError:
            continue
        app_runs = {r["run"]: r for r in ok if (r["page"], r["mode"]) == ("app", mode)}
        raw_runs = {r["run"]: r for r in ok if (r["page"], r["mode"]) == ("raw", raw_mode)}
        pairs = [(app_runs[i], raw_runs[i]) for i in app_runs if i in raw_runs]
        paired = [a["playable"] / r["loaded"] for a, r in pairs]
        net = [a["playable_less_pauses"] / r["loaded"] for a, r in pairs
               if "playable_less_pauses" in a]
        quiet = [
            a["playable"] / r["loaded"]
            for a, r in pairs
            if max(a["other_cpu_cores"], r["other_cpu_cores"]) < QUIET_CORES
        ]
        # Where no computer player had a turn before the person's first (R4: a new game's
        # holder of the highest double sets), playable is the boot alone: no bot's pause,
        # move or drawing in it.
        first = [a["playable"] / r["loaded"] for a, r in pairs if a.get("bot_pauses") == 0]
        ready = [a["ready"] / r["loaded"] for a, r in pairs if "ready" in a]

        def median(xs: list[float]) -> float | None:
            return round(statistics.median(xs), 3) if xs else None

        out[mode] = {
            "of_medians": round(app / raw, 3),
            "median_of_pairs": median(paired),
            "median_of_quiet_pairs": median(quiet),
            "quiet_pairs": len(quiet),
            "less_pauses_median_of_pairs": median(net),
            "person_first_median_of_pairs": median(first),
            "person_first_pairs": len(first),
            "pairs": len(pairs),
            "ready_median_of_pairs": median(ready),
        }
        # Against the second floor: the app's own Pyodide start from its snapshot, bare.
        snap_runs = {r["run"]: r for r in ok if (r["page"], r["mode"]) == ("snap", "warm")}
        over_snap = [a["playable"] / snap_runs[i]["loaded"] for i, a in app_runs.items()
                     if i in snap_runs and mode != "cold"]
        out[mode]["snapshot_floor_median_of_pairs"] = median(over_snap)
    return out


def goals(summary: dict, ratio: dict) -> dict:
    """app playable <= 1.15x raw loadPyodide; table drawn warm <= 0.5 s (medians)."""
    out = {}
    for mode, r in ratio.items():
        out[f"{mode}: app playable / raw loadPyodide <= 1.15"] = {
            "value": r["of_medians"],
            "met": r["of_medians"] <= 1.15,
        }
    for mode in ("warm", "warm_http"):
        frame = summary.get("app", {}).get(mode, {}).get("frame")
        if frame:
            median = frame["median"]
            out[f"{mode}: table drawn <= 500 ms"] = {"value": median, "met": median <= 500}
    return out


def _cell(s: dict | None, scale: float = 1.0, digits: int = 0) -> str:
    if not s:
        return "-"
    m, lo, hi = (s[k] / scale for k in ("median", "min", "max"))
    return f"{m:.{digits}f} ({lo:.{digits}f}-{hi:.{digits}f})"


def print_report(result: dict) -> None:
    meta, summary = result["meta"], result["summary"]
    site = meta["site"]
    print()
    print(
        f"Nos browser bench {meta['date']}: {meta['runs']} runs, site {site}, app "
        f"{meta['app_url']}, Chromium "
        f"{meta['chromium']}, {meta['cpus']} cores, load avg {meta['loadavg_start']} -> "
        f"{meta['loadavg_end']}"
    )
    rows = [
        ("app", "frame", "app  table drawn (nos:frame), ms", 1, 0),
        ("app", "playable", f"app  playable ({meta['playable_mark']}), ms", 1, 0),
        ("app", "ready", "app  engine ready (nos:ready), ms", 1, 0),
        ("app", "ready_to_playable", "app  nos:ready -> playable, ms", 1, 0),
        ("app", "bot_pauses", "app  bots' pauses before that, ms", 1, 0),
        ("app", "playable_less_pauses", "app  playable less those pauses, ms", 1, 0),
        ("raw", "loaded", "raw  loadPyodide resolved, ms", 1, 0),
        ("raw", "python", "raw  + `1 + 1` ran, ms", 1, 0),
        ("snap", "loaded", "snap loadPyodide, web/pyodide.mjs, ms", 1, 0),
        ("app", "renderer_peak_mb", "app  renderer peak VmHWM, MB", 1, 0),
        ("raw", "renderer_peak_mb", "raw  renderer peak VmHWM, MB", 1, 0),
        ("app", "main_js_heap_mb", "app  main-thread JS heap, MB", 1, 1),
        ("raw", "main_js_heap_mb", "raw  main-thread JS heap, MB", 1, 1),
        ("app", "server_bytes", "app  MB sent to the last mark", MB, 2),
        ("raw", "server_bytes", "raw  MB sent to the last mark", MB, 2),
        ("app", "server_gzip6", "app  same, gzip -6", MB, 2),
        ("raw", "server_gzip6", "raw  same, gzip -6", MB, 2),
        ("app", "other_cpu_cores", "app  other processes' CPU, cores", 1, 2),
        ("raw", "other_cpu_cores", "raw  other processes' CPU, cores", 1, 2),
    ]
    print(f"{'median (min-max)':<38}{'cold':>19}{'warm':>19}{'warm, SW blocked':>19}")
    for page_name, metric, label, scale, digits in rows:
        by_mode = summary.get(page_name, {})
        if not any(metric in by_mode.get(m, {}) for m in MODES):
            continue
        cells = [_cell(by_mode.get(m, {}).get(metric), scale, digits) for m in MODES]
        print(f"{label:<38}" + "".join(f"{c:>19}" for c in cells))
    for mode, r in result["ratios"].items():
        quiet = r["median_of_quiet_pairs"]
        quiet = f"{quiet:.2f}x" if quiet is not None else "-"
        print(
            f"app playable / raw loadPyodide, {mode}: {r['of_medians']:.2f}x (medians), "
            f"{r['median_of_pairs']:.2f}x (median of per-run pairs), {quiet} (of the "
            f"{r['quiet_pairs']} pairs where others used < {QUIET_CORES} cores)"
        )
        if r.get("less_pauses_median_of_pairs") is not None:
            print(f"  less the bots' pauses, {mode}: {r['less_pauses_median_of_pairs']:.2f}x "
                  "(median of per-run pairs)")
        if 0 < r.get("person_first_pairs", 0) < r.get("pairs", 0):  # else: as above
            print(f"  the {r['person_first_pairs']} runs where the person acted first, {mode}: "
                  f"{r['person_first_median_of_pairs']:.2f}x (median of per-run pairs)")
        if r.get("ready_median_of_pairs") is not None:
            print(f"  engine ready / raw loadPyodide, {mode}: {r['ready_median_of_pairs']:.2f}x "
                  "(median of per-run pairs)")
        if r.get("snapshot_floor_median_of_pairs") is not None:
            print(f"  app playable / snap loadPyodide (from the snapshot, bare page), {mode}: "
                  f"{r['snapshot_floor_median_of_pairs']:.2f}x (median of per-run pairs)")
    starts = {}
    for row in result["runs"]:
        if row.get("pyodide_start"):
            counts = starts.setdefault(f"{row['page']} {row['mode']}", {})
            counts[row["pyodide_start"]] = counts.get(row["pyodide_start"], 0) + 1
    if starts:  # web/pyodide.mjs: from its memory snapshot, or afresh
        print("Pyodide started: " + "; ".join(
            f"{mode}: " + ", ".join(f"{n} {how}" for how, n in sorted(counts.items()))
            for mode, counts in starts.items()))
    for name, g in result["goals"].items():
        print(f"goal {name}: {g['value']} -> {'met' if g['met'] else 'NOT met'}")
    for key, b in result["cold_bytes"].items():
        if "error" in b:
            print(f"bytes {key}: {b['error']}")
            continue
        s = b["settled"]
        print(
            f"bytes {key}, until the network settles: {s['full']} files + "
            f"{s['not_modified']} x 304, {s['raw'] / MB:.2f} MB raw, "
            f"{s['gzip6'] / MB:.2f} MB gzip-6"
        )
    if result["errors"]:
        print(f"{len(result['errors'])} failed measurement(s):")
        for e in result["errors"]:
            print(f"  {e}")




def brief(row: dict) -> str:
    """One measurement in a line."""
    if "error" in row:
        return row["error"]
    marks = [f"{k} {row[k]:.0f}" for k in ("frame", "ready", "playable", "loaded") if k in row]
    if row.get("pyodide_start"):
        marks[-1] += f" (Pyodide {row['pyodide_start']})"
    waited = f" (after {row['idle_wait_s']} s idle wait)" if row.get("idle_wait_s", 0) > 1 else ""
    return (
        f"{', '.join(marks)} ms; renderer {row.get('renderer_peak_mb', '?')} MB; "
        f"{row['server_bytes'] / MB:.2f} MB sent; others used {row['other_cpu_cores']} cores"
        f"{waited}"
    )
