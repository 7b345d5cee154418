"""Reads a Maildir with Python's standard `mailbox.Maildir` and prints JSON.

Usage: read_maildir.py MAILDIR
Output: [{"key", "subdir", "flags", "headers": [[name, value]...], "body"}...]
"""
import email.policy
import json
import mailbox
import sys

box = mailbox.Maildir(sys.argv[1], factory=None, create=False)
result = []
for key in sorted(box.keys()):
    message = box.get_message(key)
    parsed = email.message_from_bytes(box.get_bytes(key), policy=email.policy.default)
    body = parsed.get_body(preferencelist=("plain",))
    result.append({
        "key": key,
        "subdir": message.get_subdir(),
        "flags": message.get_flags(),
        "headers": [[name, str(value)] for name, value in parsed.items()],
        # Canonical CRLF on disk; LF here, as typed.
        "body": body.get_content().replace("\r\n", "\n") if body is not None else None,
    })
print(json.dumps(result))
