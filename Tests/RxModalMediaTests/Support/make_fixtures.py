#!/usr/bin/python3
"""Generates the fixture libraries of the media tests with real tools, and writes
a manifest (JSON on standard output) of what each file was given, so that the
tests compare what the pickers read back with what was written.

    make_fixtures.py music DIR    sox-encoded MP3/FLAC/Ogg/WAV tagged with mutagen
    make_fixtures.py photos DIR   JPEG and PNG made by Pillow, with EXIF dates
    make_fixtures.py bulk DIR N   N small tagged MP3 copies (for the benchmark)

Needs sox (with libsox-fmt-mp3), python3-mutagen and python3-pil: scripts/test
installs them.
"""
import json
import os
import shutil
import subprocess
import sys


def tone(path, seconds, frequency=440):
    subprocess.run(["sox", "-q", "-n", "-r", "22050", "-c", "1", path, "synth", str(seconds), "sine", str(frequency)],
                   check=True)


def tag_mp3(path, tags):
    from mutagen.id3 import ID3, TIT2, TPE1, TALB, TPE2, TRCK, TCON
    id3 = ID3()
    frames = {"title": TIT2, "artist": TPE1, "album": TALB, "albumArtist": TPE2, "genre": TCON}
    for key, frame in frames.items():
        if key in tags:
            id3.add(frame(encoding=3, text=tags[key]))
    if "trackNumber" in tags:
        id3.add(TRCK(encoding=3, text=str(tags["trackNumber"])))
    id3.save(path)


def tag_vorbis(path, tags, kind):
    if kind == "flac":
        from mutagen.flac import FLAC as Opener
    else:
        from mutagen.oggvorbis import OggVorbis as Opener
    audio = Opener(path)
    names = {"title": "TITLE", "artist": "ARTIST", "album": "ALBUM", "albumArtist": "ALBUMARTIST",
             "genre": "GENRE", "trackNumber": "TRACKNUMBER"}
    for key, name in names.items():
        if key in tags:
            audio[name] = str(tags[key])
    audio.save()


def music(root):
    entries = [
        ("Artist A/Album X/01 alpha.mp3", 2, {"title": "Alpha Song", "artist": "Artist A", "album": "Album X",
                                              "albumArtist": "Various", "trackNumber": 1, "genre": "Rock"}),
        ("Artist B/Album Y/02 beta.flac", 3, {"title": "Beta Song", "artist": "Artist B", "album": "Album Y",
                                              "albumArtist": "Artist B", "trackNumber": 2, "genre": "Jazz"}),
        ("Artist C/gamma.ogg", 4, {"title": "Gamma Song", "artist": "Artist C", "album": "Album Z",
                                   "albumArtist": "Artist C Band", "trackNumber": 7, "genre": "Folk"}),
        ("Podcasts/Show/episode1.mp3", 2, {"title": "Episode One", "artist": "Host", "genre": "Podcast"}),
        ("Audiobooks/Book/chapter1.ogg", 3, {"title": "Chapter One", "artist": "Author", "genre": "Audiobook"}),
        ("untagged.wav", 2, {}),
    ]
    manifest = []
    for relative, seconds, tags in entries:
        path = os.path.join(root, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        kind = relative.rsplit(".", 1)[1]
        tone(path, seconds)
        if kind == "mp3":
            tag_mp3(path, tags)
        elif kind in ("flac", "ogg"):
            tag_vorbis(path, tags, kind)
        manifest.append({"path": path, "duration": seconds, "tags": tags})
    # Damaged and irrelevant files, a loop, a folder of the user's that the
    # tests make unreadable, a name that is not UTF-8.
    with open(os.path.join(root, "corrupt.mp3"), "wb") as f:
        f.write(bytes(range(7, 250)) * 40)
    with open(os.path.join(root, "notes.txt"), "w") as f:
        f.write("not music\n")
    os.symlink("..", os.path.join(root, "Artist A", "loop"))
    os.makedirs(os.path.join(root, "Private"))
    shutil.copy(os.path.join(root, "untagged.wav"), os.path.join(root, "Private", "hidden.wav"))
    shutil.copy(os.path.join(root, "untagged.wav"), os.path.join(os.fsencode(root), b"bad\xffname.wav"))
    return manifest


def photos(root):
    from PIL import Image, PngImagePlugin
    os.makedirs(os.path.join(root, "Screenshots"))
    manifest = []

    def exif_with(date):
        exif = Image.Exif()
        exif[0x8769] = {0x9003: date}   # the Exif IFD, with DateTimeOriginal
        return exif

    camera = os.path.join(root, "camera.jpg")
    Image.new("RGB", (64, 48), (200, 30, 30)).save(camera, "JPEG", exif=exif_with("2021:02:03 20:29:58"))
    manifest.append({"path": camera, "width": 64, "height": 48, "exifDate": "2021-02-03T20:29:58Z",
                     "contentType": "image/jpeg", "screenshot": False})

    tagged_png = os.path.join(root, "withexif.png")
    Image.new("RGB", (10, 20), (0, 90, 0)).save(tagged_png, "PNG", exif=exif_with("2022:05:06 07:08:09"))
    manifest.append({"path": tagged_png, "width": 10, "height": 20, "exifDate": "2022-05-06T07:08:09Z",
                     "contentType": "image/png", "screenshot": False})

    plain = os.path.join(root, "diagram.png")
    Image.new("RGB", (32, 16), (0, 0, 200)).save(plain, "PNG")
    os.utime(plain, (1577880000, 1577880000))  # 2020-01-01T12:00:00Z, the creation date without EXIF
    manifest.append({"path": plain, "width": 32, "height": 16, "fileDate": "2020-01-01T12:00:00Z",
                     "contentType": "image/png", "screenshot": False})

    shot = os.path.join(root, "Screenshots", "capture.png")
    info = PngImagePlugin.PngInfo()
    info.add_text("Software", "gnome-screenshot")
    Image.new("RGB", (40, 30), (9, 9, 9)).save(shot, "PNG", pnginfo=info)
    os.utime(shot, (1600000000, 1600000000))  # 2020-09-13T12:26:40Z
    manifest.append({"path": shot, "width": 40, "height": 30, "fileDate": "2020-09-13T12:26:40Z",
                     "contentType": "image/png", "screenshot": True})

    # A video container header (ISO BMFF ftyp + an empty mdat): no video
    # encoder is installed, so this is a minimal MP4 by hand, not a playable clip.
    clip = os.path.join(root, "clip.mp4")
    with open(clip, "wb") as f:
        f.write(b"\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2" + b"\x00\x00\x00\x08mdat")
    os.utime(clip, (1500000000, 1500000000))  # 2017-07-14T02:40:00Z
    manifest.append({"path": clip, "fileDate": "2017-07-14T02:40:00Z", "contentType": "video/mp4", "screenshot": False})

    with open(camera, "rb") as f:
        head = f.read(40)
    with open(os.path.join(root, "broken.jpg"), "wb") as f:
        f.write(head)
    return manifest


def bulk(root, count):
    os.makedirs(root, exist_ok=True)
    seed = os.path.join(root, "seed.mp3")
    tone(seed, 1)
    tag_mp3(seed, {"title": "Seed", "artist": "Bench", "album": "Bulk", "trackNumber": 1, "genre": "Test"})
    with open(seed, "rb") as f:
        data = f.read()
    os.remove(seed)
    for index in range(count):
        folder = os.path.join(root, "Album %03d" % (index // 100))
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, "track %05d.mp3" % index), "wb") as f:
            f.write(data)
    return {"count": count}


if __name__ == "__main__":
    kind, directory = sys.argv[1], sys.argv[2]
    if kind == "music":
        result = music(directory)
    elif kind == "photos":
        result = photos(directory)
    elif kind == "bulk":
        result = bulk(directory, int(sys.argv[3]))
    else:
        sys.exit("unknown fixture kind " + kind)
    json.dump(result, sys.stdout)
