"""Parses a message with Python's standard `email` package and prints JSON.

Usage: parse_message.py FILE
Output: {"headers": [[name, decoded value], ...], "raw": {"max_line": n,
"bare_lf": bool, "bare_cr": bool, "has_bcc_text": bool}, "parts": [{"content_type",
"charset", "cte", "disposition", "filename", "payload_base64", "text"}...],
"defects": [...], "addresses": {"to": [[display name, addr-spec]...], ...}} where parts is the walk() of every part, containers included.
"""
import base64
import email
import email.policy
import json
import sys

data = open(sys.argv[1], "rb").read()
message = email.message_from_bytes(data, policy=email.policy.default)

lines = data.split(b"\r\n")
raw = {
    "max_line": max(len(line) for line in lines),
    "bare_lf": any(b"\n" in line for line in lines),
    "bare_cr": any(b"\r" in line for line in lines),
    # A Bcc header line anywhere in the message. (Not the bare letters "bcc":
    # random boundaries and Message-IDs contain them now and then.)
    "has_bcc_text": any(line.lower().startswith(b"bcc:") for line in lines),
    "header_block": data.split(b"\r\n\r\n", 1)[0].decode("ascii", "replace"),
}

parts = []
defects = [str(d) for d in message.defects]
for part in message.walk():
    defects += [str(d) for d in part.defects]
    entry = {
        "content_type": part.get_content_type(),
        "charset": part.get_content_charset(),
        "cte": part.get("Content-Transfer-Encoding"),
        "disposition": part.get_content_disposition(),
        "filename": part.get_filename(),
        "payload_base64": None,
        "text": None,
    }
    if not part.is_multipart():
        payload = part.get_payload(decode=True)
        entry["payload_base64"] = base64.b64encode(payload).decode("ascii")
        if part.get_content_maintype() == "text":
            # Text travels in canonical form (CRLF); give it back with LF, as typed.
            entry["text"] = part.get_content().replace("\r\n", "\n")
    parts.append(entry)

addresses = {}
for name in ("from", "to", "cc", "bcc"):
    header = message.get(name)
    if header is not None:
        addresses[name] = [[a.display_name, a.addr_spec] for a in header.addresses]

print(json.dumps({
    "addresses": addresses,
    "headers": [[name, str(value)] for name, value in message.items()],
    "raw": raw,
    "parts": parts,
    "defects": defects,
}))
