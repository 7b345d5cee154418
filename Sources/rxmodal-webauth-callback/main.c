/*
** rxmodal-webauth-callback — hands a custom-scheme callback URL (myapp://…) to
** the web authentication session waiting for it. A desktop entry that routes the
** scheme runs it:
**
**     [Desktop Entry]
**     Type=Application
**     Name=My App sign-in callback
**     Exec=rxmodal-webauth-callback %u
**     MimeType=x-scheme-handler/myapp;
**     NoDisplay=true
**
** It writes the URL to the session's private Unix socket (see
** plugins/webAuthenticationSession/webauth_scheme.c) and prints the answer.
** Exit status: 0 delivered, 1 refused or no session waiting, 2 bad usage.
*/
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "webauth_internal.h"

int main(int argc, char **argv) {
    struct sockaddr_un address;
    char scheme[80], answer[256];
    const char *url, *colon;
    size_t length;
    ssize_t count;
    int fd;

    if (argc != 2) {
        fprintf(stderr, "usage: rxmodal-webauth-callback <callback URL>\n");
        return 2;
    }
    url = argv[1];
    colon = strchr(url, ':');
    length = colon ? (size_t)(colon - url) : 0;
    if (!colon || length >= sizeof scheme) {
        fprintf(stderr, "rxmodal-webauth-callback: not a URL\n");
        return 2;
    }
    memcpy(scheme, url, length);
    scheme[length] = '\0';
    if (!wa_valid_scheme(scheme)) {
        fprintf(stderr, "rxmodal-webauth-callback: not a URL scheme: %.60s\n", scheme);
        return 2;
    }
    memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    if (wa_scheme_socket_path(scheme, address.sun_path, sizeof address.sun_path, false) != 0) {
        fprintf(stderr, "rxmodal-webauth-callback: no session is waiting for a %s: callback\n", scheme);
        return 1;
    }
    fd = socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0 || connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        fprintf(stderr, "rxmodal-webauth-callback: no session is waiting for a %s: callback\n", scheme);
        return 1;
    }
    if (send(fd, url, strlen(url), MSG_NOSIGNAL) < 0 || send(fd, "\n", 1, MSG_NOSIGNAL) < 0) {
        fprintf(stderr, "rxmodal-webauth-callback: the session went away\n");
        close(fd);
        return 1;
    }
    count = recv(fd, answer, sizeof answer - 1, 0);
    close(fd);
    if (count <= 0) {
        fprintf(stderr, "rxmodal-webauth-callback: the session went away\n");
        return 1;
    }
    answer[count] = '\0';
    if (strncmp(answer, "ok", 2) == 0) return 0;
    fprintf(stderr, "rxmodal-webauth-callback: %s", answer);
    return 1;
}
