#!/usr/bin/python3
"""Drives one presentation of the desktop surface through the accessibility tree,
as a person with a screen reader or a keyboard would, and reports what happened as
JSON in a file (standard output is shared with the session's daemons). Run inside
desktop-session.

    drive.py SCENARIO.json REPORT.json

The scenario names the command to run (an `rxmodal … --surface desktop` line) and
the steps to take once its window is shown:
    {"command": [...], "window": "title", "deadline": seconds (20),
     "parentWindow": true (a host window is made; "{parent}" in the command is its handle),
     "steps": [
        {"fill": "accessible name", "text": "..."},   # an entry or a text view
        {"toggle": "accessible name"},                # a check button
        {"press": "accessible name"},                 # a button's default action
        {"activate": "accessible name"},              # a list row
        {"key": "Escape"},                            # a key, sent with xdotool
        {"type": "/tmp/file"},                        # text typed on the keyboard
        {"switch": "Add Attachment"},                 # later steps act on that window
        {"close": true},                              # a window manager's close button
        {"screenshot": "path.png"}, {"sleep": 0.2},
        {"tree": true}]}                              # the tree again, into "trees"
The report: the command's exit status, standard output and error, the window's
tree as [role, name, states] triples before the steps, and each screenshot's size
and number of distinct colours.
"""
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

import pyatspi
from PIL import Image

DEADLINE = 20.0


def find(node, predicate, depth=0):
    if node is None or depth > 40:
        return None
    try:
        if predicate(node):
            return node
        for index in range(node.childCount):
            found = find(node.getChildAtIndex(index), predicate, depth + 1)
            if found is not None:
                return found
    except Exception:
        return None
    return None


def tree(node, depth=0, out=None):
    out = [] if out is None else out
    if node is None or depth > 40:
        return out
    try:
        states = node.getState().getStates()
        names = sorted(s.value_nick for s in states
                       if s in (pyatspi.STATE_SENSITIVE, pyatspi.STATE_FOCUSABLE, pyatspi.STATE_IS_DEFAULT,
                                pyatspi.STATE_CHECKED, pyatspi.STATE_EDITABLE))
        role = node.getRoleName()
        if node.name or role in ("push button", "text", "check box", "list item", "password text"):
            out.append([role, node.name, names])
        for index in range(node.childCount):
            tree(node.getChildAtIndex(index), depth + 1, out)
    except Exception as error:
        out.append(["error", f"{type(error).__name__}: {error}", []])
    return out


def exactly(title):
    """A regular expression (xdotool's, POSIX extended) matching `title` only."""
    return "^" + "".join("\\" + c if c in ".^$*+?()[]{}|\\" else c for c in title) + "$"


def x_window_is_viewable(title):
    """The accessibility tree can list a window before the X server maps it; keys and
    close requests sent before then are lost, as they would be to a person too."""
    found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", exactly(title)],
                           capture_output=True, text=True, timeout=10).stdout.split()
    return bool(found)


# The roles a top-level window has: GTK 4.8 gives its own file chooser dialog "filler".
WINDOW_ROLES = ("frame", "dialog", "window", "file chooser", "filler")


def wait_for_window(title, process, other_than=None):
    """The window titled `title` once it is on screen with a button; with `other_than`,
    a window other than that one (a form shown again under the same title)."""
    started = time.monotonic()
    while time.monotonic() - started < DEADLINE:
        if process.poll() is not None:
            return None
        desktop = pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            app = desktop.getChildAtIndex(index)
            window = find(app, lambda n: n.getRoleName() in WINDOW_ROLES and n.name == title
                          and (other_than is None or n != other_than))
            if window is not None and find(window, lambda n: n.getRoleName() == "push button") is not None \
                    and x_window_is_viewable(title):
                return window
        time.sleep(0.1)
    return None


def named(window, name, roles):
    return find(window, lambda n: n.name == name and n.getRoleName() in roles)


def act(node, report):
    """A node's default action; where the toolkit exposes none (GTK 4's check
    buttons and list rows), a click at its centre, as a person with a mouse does."""
    try:
        action = node.queryAction()
        if action.nActions > 0:
            action.doAction(0)
            return
    except NotImplementedError:
        pass
    extents = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    x, y = extents.x + extents.width // 2, extents.y + extents.height // 2
    subprocess.run(["xdotool", "mousemove", "--sync", str(x), str(y), "click", "1"], check=True, timeout=10)
    time.sleep(0.15)


def run_step(window, step, report):
    if "press" in step:
        button = named(window, step["press"], ("push button",))
        if button is None:
            raise RuntimeError(f"no button {step['press']!r}")
        act(button, report)
    elif "toggle" in step:
        check = named(window, step["toggle"], ("check box",))
        if check is None:
            raise RuntimeError(f"no check box {step['toggle']!r}")
        act(check, report)
    elif "activate" in step:
        row = named(window, step["activate"], ("list item", "row", "list box item", "table cell"))
        if row is None:
            raise RuntimeError(f"no row {step['activate']!r}")
        act(row, report)
    elif "fill" in step:
        field = named(window, step["fill"], ("text", "password text", "entry"))
        if field is None:
            raise RuntimeError(f"no text field {step['fill']!r}")
        editable = field.queryEditableText()
        editable.setTextContents(step["text"])
    elif "key" in step:
        # Focus by the X server (there is no window manager to activate it), then a
        # real key press through XTEST, which GTK treats as the user's.
        subprocess.run(["xdotool", "search", "--onlyvisible", "--name", exactly(report["window"]), "windowfocus",
                        "key", "--clearmodifiers", step["key"]], check=False, timeout=10)
    elif "type" in step:
        # Typed on the keyboard into the focused window, as a person types a path.
        subprocess.run(["xdotool", "search", "--onlyvisible", "--name", exactly(report["window"]), "windowfocus",
                        "type", "--delay", "30", step["type"]], check=False, timeout=30)
    elif "close" in step:
        # What a window manager's close button sends: WM_DELETE_WINDOW, through
        # WM_PROTOCOLS (there is no window manager here to send it). Sent again while
        # the window stays, in case it came before the toolkit was listening.
        from Xlib import X, display, protocol
        screen = display.Display()
        protocols, delete = screen.intern_atom("WM_PROTOCOLS"), screen.intern_atom("WM_DELETE_WINDOW")
        for _ in range(10):
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", exactly(report["window"])],
                                   capture_output=True, text=True, timeout=10).stdout.split()
            if not found:
                break
            for window_id in found:
                target = screen.create_resource_object("window", int(window_id))
                event = protocol.event.ClientMessage(window=target, client_type=protocols,
                                                     data=(32, [delete, X.CurrentTime, 0, 0, 0]))
                target.send_event(event, event_mask=X.NoEventMask)
            screen.flush()
            time.sleep(0.5)
        screen.close()
    elif "screenshot" in step:
        # The window itself, found by its title, as a person would look at it.
        found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", exactly(report["window"])],
                               capture_output=True, text=True, timeout=10).stdout.split()
        target = found[-1] if found else "root"
        subprocess.run(["import", "-window", target, step["screenshot"]], check=True, timeout=20)
        with Image.open(step["screenshot"]) as image:
            colours = image.convert("RGB").getcolors(maxcolors=1 << 20) or []
            common = [list(colour) for _, colour in sorted(colours, reverse=True)[:12]]
            report["screenshots"].append({"path": step["screenshot"], "size": list(image.size),
                                          "colours": len(colours), "commonest": common})
    elif "sleep" in step:
        time.sleep(step["sleep"])
    elif "tree" in step:
        time.sleep(0.2)   # let the accessibility bus catch up with the last step
        report["trees"].append(tree(window))


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        scenario = json.load(f)
    report = {"window": scenario["window"], "screenshots": [], "tree": [], "trees": [], "error": None}
    parent = None
    if scenario.get("parentWindow"):
        # A host's window of our own, whose handle replaces "{parent}" in the command.
        from Xlib import X, display as xdisplay
        host_display = xdisplay.Display()
        host_screen = host_display.screen()
        parent = host_screen.root.create_window(10, 10, 300, 200, 0, host_screen.root_depth, X.InputOutput, X.CopyFromParent)
        parent.set_wm_name("Host window")
        parent.map()
        host_display.sync()
        report["parent"] = parent.id
        scenario["command"] = [argument.replace("{parent}", f"x11:{parent.id:#x}") for argument in scenario["command"]]
    # Files, not pipes: a browser the command started may keep them open after it ends.
    out_file, err_file = tempfile.TemporaryFile("w+"), tempfile.TemporaryFile("w+")
    process = subprocess.Popen(scenario["command"], stdin=subprocess.DEVNULL, stdout=out_file,
                               stderr=err_file, text=True, start_new_session=True)
    try:
        window = wait_for_window(scenario["window"], process)
        if window is None:
            report["error"] = "the window did not appear"
        else:
            report["tree"] = tree(window)
            if parent is not None:
                found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", exactly(scenario["window"])],
                                       capture_output=True, text=True, timeout=10).stdout.split()
                shown = host_display.create_resource_object("window", int(found[-1]))
                transient = shown.get_wm_transient_for()
                report["transientFor"] = transient.id if transient is not None else None
            for step in scenario.get("steps", []):
                if "switch" in step:
                    # Another window of the command's (a file chooser it opened): later
                    # steps act on it, until the next switch.
                    window = wait_for_window(step["switch"], process, other_than=window)
                    if window is None:
                        raise RuntimeError(f"no window {step['switch']!r}")
                    report["window"] = step["switch"]
                    continue
                run_step(window, step, report)
    except Exception as error:  # reported, and the process is still collected
        report["error"] = f"{type(error).__name__}: {error}"
    try:
        process.wait(timeout=scenario.get("deadline", DEADLINE))
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
        report["error"] = report["error"] or "the command did not end"
    # Whatever the command started and left behind (a browser) goes with it.
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    out_file.seek(0)
    err_file.seek(0)
    out, err = out_file.read(), err_file.read()
    report.update({"status": process.returncode, "stdout": out, "stderr": err})
    # A window drawn by another process (a portal's dialog) may take a moment more
    # to go once its answer is in: one still there after two seconds was left.
    for _ in range(20):
        report["windowLeft"] = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", exactly(scenario["window"])],
                                              capture_output=True, text=True, timeout=10).stdout.split() != []
        if not report["windowLeft"]:
            break
        time.sleep(0.1)
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        json.dump(report, f)


if __name__ == "__main__":
    main()
