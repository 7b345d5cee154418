"""A real SMTP server on loopback for the mail tests (aiosmtpd).

Usage: smtp_sink.py OUTPUT_DIR
Listens on 127.0.0.1 on a free port, prints "READY <port>" once it accepts
connections, and for each message writes OUTPUT_DIR/<n>.eml (the bytes received
after DATA) and OUTPUT_DIR/<n>.json (MAIL FROM and RCPT TO), the .json last and
atomically, so a reader that sees it sees the whole message. Stops when its
standard input closes (the test ends it so, or by SIGTERM).
"""
import asyncio
import itertools
import json
import os
import socket
import sys

from aiosmtpd.controller import Controller


class Recorder:
    def __init__(self, directory):
        self.directory = directory
        self.counter = itertools.count(1)

    async def handle_DATA(self, server, session, envelope):
        number = next(self.counter)
        base = os.path.join(self.directory, str(number))
        with open(base + ".eml", "wb") as f:
            f.write(envelope.original_content or envelope.content)
        with open(base + ".json.tmp", "w") as f:
            json.dump({"mail_from": envelope.mail_from, "rcpt_tos": envelope.rcpt_tos}, f)
        os.rename(base + ".json.tmp", base + ".json")
        return "250 Message accepted for delivery"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    directory = sys.argv[1]
    controller = Controller(Recorder(directory), hostname="127.0.0.1", port=free_port())
    controller.start()
    print("READY %d" % controller.port, flush=True)
    try:
        sys.stdin.read()
    finally:
        controller.stop()


if __name__ == "__main__":
    main()
