import CStagehandPlugin

/// The table of host functions every builder receives; each entry forwards to the recorder of the build its handle
/// belongs to, or refuses the call (see "Builder handles" in AnimationRecorder+Handles.swift).
let hostFunctions = sh_host(
  struct_size: UInt32(MemoryLayout<sh_host>.size),
  abi_major: UInt16(SH_ABI_MAJOR),
  abi_minor: UInt16(SH_ABI_MINOR),
  begin_step: { handle, duration, curve in
    withRecorder(handle) { $0.apply(.beginStep(duration: duration, curve: curve)) }
  },
  set_bezier: { handle, x1, y1, x2, y2 in withRecorder(handle) { $0.apply(.setBezier(x1, y1, x2, y2)) } },
  translate: { handle, layer, dx, dy, dz in withRecorder(handle) { $0.apply(.translate(layer: layer, dx, dy, dz)) } },
  rotate: { handle, layer, angle, ax, ay, az in
    withRecorder(handle) { $0.apply(.rotate(layer: layer, angle: angle, ax, ay, az)) }
  },
  scale: { handle, layer, sx, sy, sz in withRecorder(handle) { $0.apply(.scale(layer: layer, sx, sy, sz)) } },
  fade: { handle, layer, delta in withRecorder(handle) { $0.apply(.fade(layer: layer, delta)) } },
  move_anchor: { handle, layer, dx, dy in withRecorder(handle) { $0.apply(.moveAnchor(layer: layer, dx, dy)) } },
  change_perspective: { handle, delta in withRecorder(handle) { $0.apply(.changePerspective(delta)) } },
  report: { handle, message in withRecorder(handle) { $0.apply(.report(reportedMessage(message))) } },
  set_interval: { handle, start, end in withRecorder(handle) { $0.apply(.setInterval(start, end)) } },
  set_spring: { handle, mass, stiffness, damping, velocity in
    withRecorder(handle) {
      $0.apply(.setSpring(mass: mass, stiffness: stiffness, damping: damping, velocity: velocity))
    }
  },
  change_inset: { handle, layer, top, right, bottom, left in
    withRecorder(handle) { $0.apply(.changeInset(layer: layer, top, right, bottom, left)) }
  },
  change_corner_radius: { handle, layer, delta in
    withRecorder(handle) { $0.apply(.changeCornerRadius(layer: layer, delta)) }
  },
  change_ellipse: { handle, layer, dx, dy, drx, dry in
    withRecorder(handle) { $0.apply(.changeEllipse(layer: layer, dx, dy, drx, dry)) }
  },
  set_on_top: { handle, layer, when in withRecorder(handle) { $0.apply(.setOnTop(layer: layer, when: when)) } },
  change_backdrop: { handle, dr, dg, db, dopacity in
    withRecorder(handle) { $0.apply(.changeBackdrop(dr, dg, db, dopacity)) }
  },
  change_wedge: { handle, layer, dx, dy, dstart, dsweep in
    withRecorder(handle) { $0.apply(.changeWedge(layer: layer, dx, dy, dstart, dsweep)) }
  },
  change_dim: { handle, layer, ddim in withRecorder(handle) { $0.apply(.changeDim(layer: layer, ddim)) } }
)

/// The table of host functions, allocated once and never freed: a builder that keeps the pointer after it returns
/// (against section 5) reads a valid table, whose functions refuse its stale handle.
struct HostTable: @unchecked Sendable {
  /// The table every builder receives.
  let pointer: UnsafePointer<sh_host>
}

/// The one host table of the process.
let hostTable: HostTable = {
  let table = UnsafeMutablePointer<sh_host>.allocate(capacity: 1)
  table.initialize(to: hostFunctions)
  return HostTable(pointer: UnsafePointer(table))
}()
