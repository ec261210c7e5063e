import Foundation
import StagehandCatalog
import StagehandTestSupport
import Testing

/// Chromium in CI: the browser tests below are skipped where Chromium is missing, but not in continuous integration,
/// which installs it (.ci/run): there a missing browser is a failure, not a silent skip.
@Test("Chromium is installed where the tests run in CI (CI or STAGEHAND_CI set)")
func chromiumPresentInContinuousIntegration() {
  if Browser.inContinuousIntegration {
    #expect(Browser.available, "CI is set but no 'chromium' is on the PATH; install Debian's chromium (.ci/run does)")
  }
}

/// The gallery and the CSS export, opened in headless Chromium.
@Suite("Browser (headless Chromium)", .enabled(if: Browser.available, "Debian's chromium is not installed"))
struct BrowserTests {
  @Test("the gallery opens with no console message, every image decoded, and a screenshot")
  func gallery() throws {
    let directory = try TemporaryDirectory()
    let (gallery, made) = try SharedGallery.made.get()
    #expect(made.status == 0, "\(made.standardError)")

    // A copy of the page with a script that reports each image once decoded; the gallery itself has none. The copy
    // lives in this test's folder (the gallery is shared with other tests) and reads the gallery's files through a
    // base address.
    let page = try String(contentsOfFile: gallery + "/index.html", encoding: .utf8)
    // After the load event every image has loaded; a broken or undecodable one has naturalWidth 0.
    let script = """
      <script>
      window.addEventListener('load', () => {
        const images = Array.from(document.images);
        const bad = images.filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.src);
        const report = document.createElement('pre');
        report.id = 'report';
        report.textContent = 'images ' + images.length + '; not decoded: ' + bad.join(' ');
        document.body.appendChild(report);
      });
      </script>
      """
    let checked = directory.path + "/check.html"
    try page.replacingOccurrences(of: "<head>", with: "<head>\n<base href=\"file://\(gallery)/\">")
      .replacingOccurrences(of: "</body>", with: script + "</body>").write(
        toFile: checked, atomically: true, encoding: .utf8)
    // One browser run takes the screenshot (the top of the page, where the report is not) and prints the page.
    let shot = directory.path + "/gallery.png"
    let opened = try Browser.run(
      checked, ["--window-size=1000,700", "--screenshot=\(shot)", "--virtual-time-budget=10000", "--dump-dom"])
    #expect(opened.status == 0 && !opened.timedOut, "\(opened.standardError)")
    #expect(Browser.consoleMessages(opened.standardError) == [])
    let screenshot = try #require(IndependentDecoders.readPNG(shot))
    #expect(screenshot.width == 1000 && screenshot.height == 700)
    let webps = try FileManager.default.contentsOfDirectory(atPath: gallery).filter { $0.hasSuffix(".webp") }
    #expect(webps.count >= 8)
    // Every WebP (forward and inverse of each item); the stills are windows on the contact sheet.
    #expect(
      opened.standardOutput.contains("<pre id=\"report\">images \(webps.count); not decoded: </pre>"),
      "\(opened.standardOutput.suffix(2000))")
  }

  @Test(
    "at 1280 pixels no sideways scroll; each name sits beside its own stills, above its animations; the filter works",
    arguments: [("160x120", nil), ("480x360", "libStagehandCube.so")])
  func galleryLayout(size: String, onlyLibrary: String?) throws {
    let directory = try TemporaryDirectory()
    let gallery = directory.path + "/gallery"
    // One frame a second (two per animation, its start and its end) keeps the large gallery quick: the layout is
    // what is checked. The large pictures are laid out for one family's cards (the cube's, a section of its own like
    // every other), by a copy of the command whose bundled plugins are that one library: over the whole catalog the
    // case cost 18 processor-seconds, most of them in pixels no check looks at.
    let command: URL
    let plugins: [Catalog.Entry]
    var environment = cleanEnvironment
    if let onlyLibrary {
      let installed = directory.path + "/installed"
      try FileManager.default.createDirectory(atPath: installed, withIntermediateDirectories: true)
      for file in ["stagehand", "stagehand-scanner", onlyLibrary] {
        try FileManager.default.copyItem(
          atPath: BuiltProducts.directory.appendingPathComponent(file).path, toPath: installed + "/" + file)
      }
      command = URL(fileURLWithPath: installed + "/stagehand")
      environment["XDG_CACHE_HOME"] = directory.path + "/cache"
      plugins = bundledCatalog.entries.filter { URL(fileURLWithPath: $0.plugin.file).lastPathComponent == onlyLibrary }
    } else {
      command = BuiltProducts.stagehand
      plugins = bundledCatalog.entries
    }
    let made = try run(
      command, ["gallery", "-o", gallery, "--size", size, "--fps", "1"],
      environment: environment, timeLimit: 300)
    #expect(made.status == 0, "\(made.standardError)")
    // A copy of the page with a script that measures it once laid out, then filters it, and reports.
    let script = """
      <script>
      window.addEventListener('load', () => {
        const problems = [];
        const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5
          && a.bottom <= b.bottom + 0.5;
        const items = Array.from(document.querySelectorAll('.item'));
        for (const item of items) {
          const box = item.getBoundingClientRect();
          const name = item.querySelector('h3');
          const label = item.querySelector('.stills .label');
          const strip = item.querySelector('.stills .strip');
          const pictures = Array.from(item.querySelectorAll('figure img'));
          if (!name || !label || !strip || pictures.length !== 2) { problems.push(item.id + ': parts missing'); continue; }
          if (label.textContent !== name.textContent) { problems.push(item.id + ': label ' + label.textContent); }
          const n = name.getBoundingClientRect(), l = label.getBoundingClientRect(), s = strip.getBoundingClientRect();
          for (const part of [n, l, s].concat(pictures.map(p => p.getBoundingClientRect()))) {
            if (!inside(part, box)) { problems.push(item.id + ': a part lies outside its card'); }
          }
          // The label: left of its stills, within 40 pixels, its middle level with theirs.
          const middle = (l.top + l.bottom) / 2;
          if (!(l.right <= s.left && s.left - l.right <= 40 && middle >= s.top && middle <= s.bottom)) {
            problems.push(item.id + ': label not beside its stills');
          }
          // The name: above its animations.
          for (const p of pictures.map(p => p.getBoundingClientRect())) {
            if (!(n.bottom <= p.top && p.width > 0 && p.height > 0)) { problems.push(item.id + ': name not above'); }
          }
        }
        // No two cards overlap.
        const boxes = items.map(i => i.getBoundingClientRect());
        for (let i = 0; i < boxes.length; i++) {
          for (let j = i + 1; j < boxes.length; j++) {
            const a = boxes[i], b = boxes[j];
            if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) {
              problems.push(items[i].id + ' overlaps ' + items[j].id);
            }
          }
        }
        const sideways = document.documentElement.scrollWidth - window.innerWidth;
        const field = document.getElementById('filter');
        field.value = 'cube-from-left';
        field.dispatchEvent(new Event('input'));
        const shown = items.filter(i => i.offsetParent !== null).map(i => i.id);
        const sections = Array.from(document.querySelectorAll('section.family')).filter(s => !s.hidden).length;
        const report = document.createElement('pre');
        report.id = 'report';
        report.textContent = 'width ' + window.innerWidth + '; items ' + items.length + '; sideways ' + sideways
          + '; shown ' + shown.join(' ') + '; sections ' + sections + '; problems ' + problems.slice(0, 20).join(', ');
        document.body.appendChild(report);
      });
      </script>
      """
    let page = try String(contentsOfFile: gallery + "/index.html", encoding: .utf8)
    let checked = gallery + "/check.html"
    try page.replacingOccurrences(of: "</body>", with: script + "</body>").write(
      toFile: checked, atomically: true, encoding: .utf8)
    let dom = try Browser.run(checked, ["--window-size=1280,900", "--virtual-time-budget=10000", "--dump-dom"])
    #expect(dom.status == 0 && !dom.timedOut, "\(dom.standardError)")
    #expect(Browser.consoleMessages(dom.standardError) == [])
    let items = plugins.reduce(0) { $0 + 1 + $1.style.presets.count }
    #expect(items > 1)
    let report =
      "width 1280; items \(items); sideways 0; shown org.stagehand.cube_cube-from-left; sections 1; problems "
    #expect(dom.standardOutput.contains("<pre id=\"report\">\(report)</pre>"), "\(dom.standardOutput.suffix(3000))")
  }
}
