import Foundation
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
    let gallery = directory.path + "/gallery"
    let made = try runStagehand(
      ["gallery", "-o", gallery, "--size", "96x72", "--fps", "10"], environment: cleanEnvironment)
    #expect(made.status == 0, "\(made.standardError)")

    let shot = directory.path + "/gallery.png"
    let opened = try Browser.screenshot(gallery + "/index.html", width: 1000, height: 700, to: shot)
    #expect(opened.status == 0 && !opened.timedOut, "\(opened.standardError)")
    #expect(Browser.consoleMessages(opened.standardError) == [])
    let screenshot = try #require(IndependentDecoders.readPNG(shot))
    #expect(screenshot.width == 1000 && screenshot.height == 700)

    // A copy of the page with a script that reports each image once decoded; the gallery itself has none.
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
    let checked = gallery + "/check.html"
    try page.replacingOccurrences(of: "</body>", with: script + "</body>").write(
      toFile: checked, atomically: true, encoding: .utf8)
    let dom = try Browser.dumpDOM(checked)
    #expect(dom.status == 0 && !dom.timedOut, "\(dom.standardError)")
    let webps = try FileManager.default.contentsOfDirectory(atPath: gallery).filter { $0.hasSuffix(".webp") }
    #expect(webps.count >= 8)
    // Every WebP (forward and inverse of each item) and the contact sheet.
    #expect(
      dom.standardOutput.contains("<pre id=\"report\">images \(webps.count + 1); not decoded: </pre>"),
      "\(dom.standardOutput.suffix(2000))")
  }
}
