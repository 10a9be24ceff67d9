// Fuzz target `deeplink`: routes and a URL through `DeepLinkRouter` and `Application.open(url:)`
// against a tab bar of navigation stacks and a split.
//
// Built and run by Stress/fuzz.sh (libFuzzer: `swiftc -sanitize=fuzzer,address`). Seeds:
// written by this target (`FUZZ_WRITE_SEEDS=DIR`).
import Foundation
import NavigationRuntime

/// The input's format, one item per line:
///
///     URL
///     PATTERN => STEP STEP ...        (any number of routes, registered in order)
///
/// A step is `tab:SCENE`, `tab#INDEX`, `push:SCENE`, `present:SCENE[:STYLE]`, `poproot`,
/// `dismiss` or `dismissall`; `$NAME` in place of SCENE or INDEX is the link's parameter
/// `NAME`. After the input's routes come fixed ones, so that a mutated URL often still routes.
/// Everything the router and the window do with it must end in a ``DeepLinkOutcome``; a trap, a
/// sanitizer report or a hang is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func deepLinkFuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let text = String(decoding: fuzzData(data, size), as: UTF8.self)
    var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    guard !lines.isEmpty, let url = URL(string: lines.removeFirst()) else { return 0 }
    var router = DeepLinkRouter(catalog: FuzzScenes.catalog)
    for line in lines.prefix(maximumRoutes) + fixedRoutes {
        let parts = line.components(separatedBy: "=>")
        let program = parts.count > 1 ? parts[1] : ""
        router.register(parts[0].trimmingCharacters(in: .whitespaces)) { link in deepLinkSteps(program, link) }
    }
    _ = router.match(url)
    let routes = router
    runBlocking {
        let app = Application()
        await app.register(deepLinks: routes)
        let window = await app.openWindow(configuration: .immediate)
        do {
            try await FuzzScenes.install(in: window)
        } catch {
            await app.closeWindow(window.id)
            return
        }
        _ = await app.open(url: url)
        _ = try? JSONEncoder().encode(await window.snapshot())
        await app.closeWindow(window.id)
    }
    return 0
}

/// Routes beyond this many in one input are ignored (more only repeats what fewer reach).
let maximumRoutes = 16
/// Steps beyond this many in one route are ignored.
let maximumDeepLinkSteps = 64

let fixedRoutes = [
    "app://inbox/:id => tab:inbox poproot push:message",
    "app://settings/profile => tab#1 push:profile",
    "app://modal/:scene/:style => present:$scene:$style",
    "app://tab/:index => tab#$index",
    "app://close => dismissall",
    "nav/:a/:b => push:$a push:$b",
]

/// The steps a route's program names for `link`.
func deepLinkSteps(_ program: String, _ link: DeepLink) -> [DeepLinkStep] {
    func value(_ token: Substring) -> String {
        token.hasPrefix("$") ? link[String(token.dropFirst())] ?? "" : String(token)
    }
    var steps: [DeepLinkStep] = []
    for word in program.split(whereSeparator: { $0 == " " || $0 == "\t" }).prefix(maximumDeepLinkSteps) {
        let fields = word.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        switch fields[0] {
        case "tab" where fields.count > 1: steps.append(.selectTab(value(fields[1])))
        case "push" where fields.count > 1: steps.append(.push(scene: value(fields[1]), payload: link["id"]))
        case "present" where fields.count > 1:
            let style = fields.count > 2 ? PresentationStyle(rawValue: value(fields[2])) : nil
            steps.append(.present(scene: value(fields[1]), style: style, payload: link["id"]))
        case "poproot": steps.append(.popToRoot)
        case "dismiss": steps.append(.dismiss)
        case "dismissall": steps.append(.dismissAll)
        default:
            if word.hasPrefix("tab#") { steps.append(.selectTabIndex(Int(value(word.dropFirst(4))) ?? -1)) }
        }
    }
    return steps
}

/// `FUZZ_WRITE_SEEDS=DIR`: writes the seed links and exits.
@_cdecl("LLVMFuzzerInitialize")
public func deepLinkFuzzInitialize(
    _ argc: UnsafeMutablePointer<Int32>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> Int32 {
    writeSeedsIfAsked {
        [
            "app://inbox/42?from=mail",
            "app://settings/profile",
            "app://modal/detail/formSheet",
            "app://modal/split/popover",
            "APP://tab/2#fragment",
            "app://close",
            "other://nav/detail/profile",
            "app://inbox/%20x%2F?id=7&id=8\napp://inbox/:id => tab:inbox push:$id present:settings:pageSheet dismiss",
            "app://a/b/c\napp://:x/:y/:z => tab#$x tab:$y push:$z poproot dismissall\n:only => push:detail",
            "x://deep/1/2/3/4\nx://deep/:a/:b/:c/:d => push:detail push:profile push:message push:home present:nav:fullScreen present:inbox:overCurrentContext",
            "app://tab/9\napp://tab/:i => tab#$i tab:settings tab:missing",
        ].map { Data($0.utf8) }
    }
}
