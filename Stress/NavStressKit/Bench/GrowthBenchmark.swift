// `bench growth`: per-step cost at 1k, 10k and 100k steps.

import Foundation
import NavigationRuntime

/// `bench growth`: the per-step cost of work whose size the input controls, at 1 k, 10 k and
/// 100 k steps (issue 18 finding 3). Each figure is wall ns per step; flat across the sizes
/// means the cost is linear in the steps.
///
/// - `deep link N pushes`: one deep link whose route pushes N scenes onto one navigation
///   controller (one transition, one commit).
/// - `present N`: N presentations, each from the top of the chain, as chains as deep as a
///   window holds (``Window/maximumDepth``): the chain is dismissed from the root when full.
enum GrowthBenchmark {
    static let sizes = [1_000, 10_000, 100_000]

    static func run(sizes: [Int] = sizes) async throws -> [(name: String, nanoseconds: Double)] {
        var results: [(name: String, nanoseconds: Double)] = []
        for size in sizes {
            results.append(("deep link \(size) pushes (ns/push)", try await deepLink(pushes: size)))
        }
        for size in sizes {
            results.append(("present \(size) (ns/present)", try await presentations(size)))
        }
        return results
    }

    static let catalog = SceneCatalog([
        Scene("root") { context in
            NavigationController(context: context, rootViewController: GenericViewController(context: context.makeContext()))
        },
        Scene("item") { GenericViewController(context: $0) },
    ])

    static func deepLink(pushes: Int) async throws -> Double {
        let app = Application()
        let window = await app.openWindow(configuration: .immediate)
        try await window.setRoot(scene: "root", from: catalog)
        var router = DeepLinkRouter(catalog: catalog)
        router.register("bench://push") { _ in Array(repeating: .push(scene: "item", payload: nil), count: pushes) }
        await app.register(deepLinks: router)
        guard let url = URL(string: "bench://push") else { throw UsageError("bench: no URL") }
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = await app.open(url: url, in: window.id)
        let elapsed = clock.now - start
        guard case .opened = outcome else { throw UsageError("bench growth: the deep link did not open: \(outcome)") }
        await window.close()
        return elapsed.nanoseconds / Double(pushes)
    }

    static func presentations(_ count: Int) async throws -> Double {
        let window = Window(configuration: .immediate)
        let root = GenericViewController(context: window.makeContext())
        try await window.setRootViewController(root)
        let clock = ContinuousClock()
        let start = clock.now
        var top: any ViewController = root
        var depth = 1
        for _ in 0..<count {
            if depth == Window.maximumDepth {
                try await root.dismiss(animated: false)
                top = root
                depth = 1
            }
            let next = GenericViewController(context: window.makeContext())
            try await top.present(next, style: .fullScreen, animated: false)
            top = next
            depth += 1
        }
        let elapsed = clock.now - start
        await window.close()
        return elapsed.nanoseconds / Double(count)
    }
}
