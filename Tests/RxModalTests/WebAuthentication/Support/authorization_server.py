#!/usr/bin/env python3
"""A small OAuth 2.0 authorization server on loopback, for the web
authentication tests. Started by the tests; prints its port on the
first line of standard output, then serves until killed.

GET  /authorize?response_type=code&client_id&redirect_uri&state&code_challenge&code_challenge_method=S256
     records the request and serves a login page whose form signs in at once
     (a script submits it), as a user pressing "Sign in" would.
POST /login   issues a code bound to the request and answers 302 to
     redirect_uri?code=…&state=… (the state the client sent).
POST /token   grant_type=authorization_code, code, redirect_uri, code_verifier:
     checks BASE64URL(SHA256(code_verifier)) against the recorded challenge and
     the redirect_uri against the recorded one; 200 with an access token (the
     code is then spent), else 400.
GET  /requests  every authorization request received, as JSON.
"""
import base64
import hashlib
import html
import json
import secrets
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlencode, urlsplit

lock = threading.Lock()
authorizations = []          # the query of every /authorize request
codes = {}                   # code -> the authorization it was issued for


def single(query):
    return {key: values[0] for key, values in query.items()}


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *arguments):
        pass

    def reply(self, status, body, content_type="text/html; charset=utf-8", headers=()):
        data = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def form(self):
        length = int(self.headers.get("Content-Length", "0"))
        return single(parse_qs(self.rfile.read(length).decode()))

    def do_GET(self):
        parts = urlsplit(self.path)
        if parts.path == "/authorize":
            query = single(parse_qs(parts.query))
            with lock:
                authorizations.append(query)
                index = len(authorizations) - 1
            if query.get("response_type") != "code" or query.get("code_challenge_method") != "S256":
                return self.reply(400, "unsupported request")
            page = (
                "<!DOCTYPE html><html><head><title>Sign in</title></head><body>"
                "<form id=\"login\" method=\"post\" action=\"/login\">"
                "<input type=\"hidden\" name=\"request\" value=\"%d\">"
                "<input name=\"user\" value=\"alice\"><button>Sign in</button></form>"
                "<script>document.getElementById('login').submit()</script>"
                "</body></html>" % index
            )
            return self.reply(200, page)
        if parts.path == "/requests":
            with lock:
                return self.reply(200, json.dumps(authorizations), "application/json")
        self.reply(404, "not found")

    def do_POST(self):
        parts = urlsplit(self.path)
        form = self.form()
        if parts.path == "/login":
            with lock:
                query = authorizations[int(form["request"])]
                code = secrets.token_urlsafe(24)
                codes[code] = query
            location = query["redirect_uri"] + "?" + urlencode({"code": code, "state": query["state"]})
            return self.reply(302, "signed in", headers=[("Location", location)])
        if parts.path == "/token":
            with lock:
                query = codes.get(form.get("code", ""))
            if query is None:
                return self.reply(400, json.dumps({"error": "invalid_grant"}), "application/json")
            digest = hashlib.sha256(form.get("code_verifier", "").encode("ascii")).digest()
            challenge = base64.urlsafe_b64encode(digest).rstrip(b"=").decode()
            if challenge != query["code_challenge"]:
                return self.reply(400, json.dumps({"error": "invalid_grant", "error_description": "PKCE verification failed"}), "application/json")
            if form.get("redirect_uri") != query["redirect_uri"]:
                return self.reply(400, json.dumps({"error": "invalid_grant", "error_description": "redirect_uri differs"}), "application/json")
            with lock:
                codes.pop(form["code"], None)   # a code is good for one token
            return self.reply(200, json.dumps({"access_token": "token-for-" + query["client_id"], "token_type": "Bearer"}), "application/json")
        self.reply(404, "not found")


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
