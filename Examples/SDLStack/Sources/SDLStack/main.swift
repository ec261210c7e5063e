// SDLStack: a Stack drawn into a real window with SDL2 and StagehandRender's ContainerRenderer. Click to push a
// screen with the next style (push, cover, flip, cross-dissolve), drag to pop it interactively, release to finish or
// cancel with the spring; resize the window between a push and its pop and the pop is built for the new size.
//
//   swift run --package-path Examples/SDLStack SDLStack [--size 480x640] [--styles push,cover] [--report]

import StagehandCatalog

#if canImport(Glibc)
  import Glibc
#endif

// As the plugin process, this serves the registry's requests in a sandbox and exits; else it returns at once.
PluginProcessHosting.runIfAsked()

// SIGTERM and SIGINT end the application (SDL turns them into a quit event, handled in the main loop), also when the
// process that started it had them blocked: the signal mask is inherited through exec, and a thread of a thread pool
// (Swift Testing's, libdispatch's) blocks them, so a SDLStack started from one never saw them and ran on.
var terminationSignals = sigset_t()
sigemptyset(&terminationSignals)
sigaddset(&terminationSignals, SIGTERM)
sigaddset(&terminationSignals, SIGINT)
pthread_sigmask(SIG_UNBLOCK, &terminationSignals, nil)

do {
  let settings = try Settings(arguments: Array(CommandLine.arguments.dropFirst()))
  let registry = Registry()
  for problem in registry.problems { printError("SDLStack: \(problem)") }
  try settings.checkStyles(with: registry)
  let window = try Window(title: "SDLStack", width: settings.width, height: settings.height)
  let app = try StackWindow(settings: settings, registry: registry, window: window)
  app.run()
} catch {
  printError("SDLStack: \(error)")
  Registry.endPluginProcesses()
  exit(1)
}
Registry.endPluginProcesses()
