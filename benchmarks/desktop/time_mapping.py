#!/usr/bin/python3
"""Times the desktop surface from subscription to a mapped window: runs
present_repeatedly and listens on the X server for its windows' MapNotify, pairing
each with the "subscribe" time printed just before (both CLOCK_MONOTONIC).
Prints one line per presentation, then the summary as JSON on the last line.

    time_mapping.py PROGRAM COUNT
"""
import json
import statistics
import subprocess
import sys
import threading
import time

from Xlib import X, display

program, count = sys.argv[1], int(sys.argv[2])
screen = display.Display()
root = screen.screen().root
root.change_attributes(event_mask=X.SubstructureNotifyMask)
screen.flush()

mapped = []
stop = False


def listen():
    while not stop:
        while screen.pending_events():
            event = screen.next_event()
            if event.type == X.MapNotify:
                mapped.append(time.monotonic_ns())
        time.sleep(0.0005)


listener = threading.Thread(target=listen, daemon=True)
listener.start()
process = subprocess.run([program, str(count)], capture_output=True, text=True, timeout=120)
time.sleep(0.2)
stop = True
listener.join()
screen.close()

subscribed = [int(line.split()[1]) for line in process.stdout.splitlines() if line.startswith("subscribe ")]
rss = {line.split()[0]: int(line.split()[1]) for line in process.stdout.splitlines() if line.startswith("rss-")}
# The first map after each subscription (GTK maps one window per presentation).
latencies = []
for index, start in enumerate(subscribed):
    end = subscribed[index + 1] if index + 1 < len(subscribed) else float("inf")
    after = [m for m in mapped if start <= m < end]
    if after:
        latencies.append((after[0] - start) / 1e6)
unpaired = [index + 1 for index, start in enumerate(subscribed)
            if not [m for m in mapped if start <= m < (subscribed[index + 1] if index + 1 < len(subscribed) else float("inf"))]]
print(f"maps seen: {len(mapped)}; presentations without a map: {unpaired}")
for index, latency in enumerate(latencies):
    print(f"presentation {index + 1}: {latency:.1f} ms from subscribe to mapped")
warm = latencies[1:]
print(json.dumps({
    "status": process.returncode, "stderr": process.stderr[-500:],
    "presentations": len(subscribed), "mapped": len(latencies),
    "first_ms": round(latencies[0], 1) if latencies else None,
    "warm_median_ms": round(statistics.median(warm), 1) if warm else None,
    "warm_max_ms": round(max(warm), 1) if warm else None,
    "rss_before_kib": rss.get("rss-before"), "rss_after_kib": rss.get("rss-after"),
}))
