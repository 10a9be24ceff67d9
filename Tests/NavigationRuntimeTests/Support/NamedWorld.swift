import NavigationRuntime
import NavigationRuntimeTesting
import Synchronization

/// Maps controller ids to the names tests use.
final class NameBook: Sendable {
    private let names = Mutex([ControllerID: String]())

    func set(_ id: ControllerID, _ name: String) { names.withLock { $0[id] = name } }

    func name(_ id: ControllerID?) -> String {
        guard let id else { return "nil" }
        return names.withLock { $0[id] } ?? id.description
    }
}

/// A test world with named controllers (the conformance and unwind suites): a ``Fixture`` and
/// an id → name book, so that journal events render with the names the recorder uses.
protocol NamedWorld {
    var base: Fixture { get }
    var book: NameBook { get }
}

extension NamedWorld {
    var window: Window { base.window }
    var recorder: CallbackRecorder { base.recorder }

    /// A navigation controller (it logs nothing to the recorder; its callbacks are in the
    /// journal), telling a recording delegate when asked.
    func navigation(
        _ name: String,
        _ children: [any ViewController],
        definesContext: Bool = false,
        delegate: Bool = false
    ) async -> NavigationController {
        let navigation = base.navigation(name, children, definesContext: definesContext)
        book.set(navigation.id, name)
        if delegate { await navigation.setDelegate(RecordingNavigationDelegate(recorder: recorder)) }
        return navigation
    }

    /// Sets the root without animation and forgets the callbacks it caused.
    func start(with root: any ViewController) async throws {
        try await base.start(with: root)
    }

    /// One journal callback as `N.viewWillDisappear(true)`.
    func render(_ id: ControllerID, _ callback: ControllerCallback) -> String {
        switch callback {
        case .willMove(let parent): "\(book.name(id)).willMove(toParent: \(book.name(parent)))"
        case .didMove(let parent): "\(book.name(id)).didMove(toParent: \(book.name(parent)))"
        default: "\(book.name(id)).\(callback)"
        }
    }

    /// The callbacks of a journal (containers included), rendered with names.
    func callbacks(_ events: [JournalEvent]) -> [String] {
        events.compactMap { event in
            if case .callback(let id, let callback) = event.kind { return render(id, callback) }
            return nil
        }
    }

    /// Closes the window (no further callbacks, R8.8) and returns every event the stream saw,
    /// so that nothing waits on a count or on time.
    func closeAndCollect(_ stream: AsyncStream<JournalEvent>) async -> [JournalEvent] {
        await window.close()
        return await JournalReader.collect(stream)
    }
}
