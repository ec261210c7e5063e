#!/usr/bin/env python3
"""Writes the seeds of the descriptor harness into Fuzz/Corpus/FuzzDescriptor/.

The bytes follow the decoding of Fuzz/Harnesses/CStagehandFuzzPlugin/fuzz_plugin.c: each seed is a descriptor the
host accepts (or one rule away from it), so that the fuzzer starts from plugins that load and build, and mutates
from there. Run it again after changing that decoding.
"""
import os

FIXED = {"org.example.fuzz": 8, "1.0.0": 10, "": 14, "0": 23, "1": 24, "-1": 25, "0.25": 26, "true": 27}


def text(value):
    """A string: one of the fixture's fixed strings, or raw bytes (kind 33, then the length)."""
    if value is None:
        return bytes([0])
    if value in FIXED:
        return bytes([FIXED[value]])
    raw = value.encode()
    return bytes([33, len(raw)]) + raw


def small(number):
    """A double the fixture decodes from one byte: (byte - 80) / 8, for -10 to 9.875 in steps of 1/8."""
    return bytes([int(number * 8 + 80)])


def parameter(index, symbol, kind, labels=(), low=0, high=1, at_high=False, unit=None):
    types = {"enum": 0, "int": 1, "double": 2, "bool": 3}
    out = b"" if index == 0 else bytes([0])  # struct_size as declared
    out += text(symbol) + bytes([types[kind], len(labels)])
    padded = list(labels) + ["x"] * (4 - len(labels))
    out += b"".join(text(label) for label in padded) + bytes([1 if labels else 0])
    out += bytes([1])  # a range consistent with the type
    if kind in ("int", "double"):
        out += bytes([(-low) % 10, high % 10])
    out += bytes([1 if at_high else 0])
    out += (bytes([1]) + text(unit)) if unit else bytes([0])
    return out + text("A parameter.")


def preset(name, values=()):
    out = text(name) + text("A preset.") + bytes([len(values)])
    padded = list(values) + [("x", "x")] * (4 - len(values))
    out += b"".join(text(p) + text(v) for p, v in padded)
    return out + bytes([1])


def style(name, duration=0.5, builder=0, inverse=4, flags=0, parameters=(), presets=()):
    out = text(name) + text("A style.") + small(duration) + bytes([flags, builder, inverse])
    out += bytes([0, len(parameters)])
    filler = [parameter(i, f"filler{i}", "bool") for i in range(4)]
    params = [parameter(i, *p[0], **p[1]) for i, p in enumerate(parameters)]
    out += b"".join((params + filler[len(params):])[:4]) + bytes([1])
    out += bytes([0, len(presets)])
    fill = [preset(f"unused{i}") for i in range(3)]
    out += b"".join((list(presets) + fill[len(presets):])[:3]) + bytes([1])
    return out


def plugin(styles, programs, header=0):
    out = bytes([header]) + text("org.example.fuzz") + text("1.0.0")
    out += b"".join(text(t) for t in ["Fuzz", "The authors", "MIT", "A plugin made of fuzzer bytes."])
    out += bytes([0, len(styles)])
    fill = [style(f"unused-style{i}") for i in range(4)]
    out += b"".join((list(styles) + fill[len(styles):])[:4]) + bytes([1])
    for program in (list(programs) + [b""] * 4)[:4]:
        out += bytes([len(program)]) + program
    return out


# Step programs: op % 13 selects the host function (see fuzz_builders.c).
def begin(duration, curve=0):
    return bytes([0]) + small(duration) + bytes([curve])


def translate_by_bounds(layer, fx, fy):
    return bytes([3, layer]) + small(fx) + small(fy)


def fade(layer, delta):
    return bytes([6, layer]) + small(delta)


def scale(layer, sx, sy, sz):
    return bytes([5, layer]) + small(sx) + small(sy) + small(sz)


def rotate(layer, angle, ax, ay, az):
    return bytes([4, layer]) + small(angle) + small(ax) + small(ay) + small(az)


PUSH = begin(0.5, 3) + translate_by_bounds(0, 1, 0) + translate_by_bounds(0, -1, 0) + translate_by_bounds(1, -1, 0)
DISSOLVE = begin(0, 0) + fade(0, -1) + begin(0.25, 1) + fade(0, 1) + fade(1, -1)
ZOOM = begin(0.5, 2) + scale(0, 0.5, 0.5, 1) + rotate(2, 0.25, 0, 1, 0) + bytes([11])
STRICT_INVERSE = begin(0.5, 0) + translate_by_bounds(0, 1, 0) + bytes([10, 0])

SEEDS = {
    "one-style": plugin([style("fade", builder=1)], [PUSH, DISSOLVE]),
    "push-with-presets": plugin(
        [style("push", parameters=[(("direction", "enum"), {"labels": ["left", "right"]}),
                                   (("distance", "double"), {"low": -2, "high": 3, "unit": "widths"})],
               presets=[preset("push-left", [("direction", "left")]), preset("push-far", [("distance", "0.25")])])],
        [PUSH]),
    "every-type": plugin(
        [style("zoom", builder=2, flags=1, parameters=[
            (("origin", "enum"), {"labels": ["center", "top-left", "top-right"], "at_high": True}),
            (("steps", "int"), {"low": -3, "high": 9}),
            (("amount", "double"), {"low": 0, "high": 1}),
            (("fade", "bool"), {"at_high": True})],
            presets=[preset("zoom-out", [("steps", "-1"), ("fade", "true")])])],
        [b"", b"", ZOOM]),
    "with-inverse": plugin([style("reveal", builder=0, inverse=3)], [PUSH, b"", b"", STRICT_INVERSE]),
    "four-styles": plugin(
        [style("push", builder=0), style("fade", builder=1), style("zoom", builder=2, duration=0),
         style("spin", builder=3, flags=3)],
        [PUSH, DISSOLVE, ZOOM, begin(1, 1) + rotate(0, 1, 0, 0, 1)]),
    "newer-struct": plugin([style("fade", builder=0)], [DISSOLVE], header=251),
    "null-descriptor": plugin([style("fade")], [], header=255),
}

if __name__ == "__main__":
    directory = os.path.join(os.path.dirname(os.path.abspath(__file__)), "FuzzDescriptor")
    os.makedirs(directory, exist_ok=True)
    for name, seed in SEEDS.items():
        with open(os.path.join(directory, name), "wb") as file:
            file.write(seed)
