// Tests: an app's storyboards as one bundle (references by name, localized copies, cycles).

import Foundation
@testable import NavigationRuntime
import Testing

@Suite struct StoryboardBundleTests {
    typealias XML = StoryboardXML

    /// A temporary folder with files at relative paths; removed by the caller.
    static func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sb-bundle-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    static func placeholder(_ id: String, _ attributes: String) -> String {
        XML.scene(id, kind: "viewControllerPlaceholder", attributes: attributes)
    }

    @Test func everyFixtureApp_resolvesEveryReference_acrossFolders() throws {
        #expect(StoryboardFixtures.apps.count == 4)
        var counts: [String: Int] = [:]
        for app in StoryboardFixtures.apps {
            let bundle = try StoryboardBundle.load([app])
            #expect(bundle.unresolvedReferences().map(\.description) == [], "\(app.lastPathComponent)")
            counts[app.lastPathComponent] = bundle.storyboards.count
        }
        // SOURCES.md: 5 + 10 + 4 + 4 storyboards.
        #expect(counts.values.reduce(0, +) == 23)
        #expect(counts["mssun__passforios"] == 5)
    }

    @Test func reference_resolvesByNameFromAnotherFolder_asXcodeFlattensTheBundle() throws {
        let root = try Self.folder([
            "App/Base.lproj/Main.storyboard": XML.document(
                initial: "a", XML.scene("a", body: XML.connections(XML.segue("s", to: "p"))),
                Self.placeholder("p", "storyboardName=\"Search\"")),
            "Extension/Search.storyboard": XML.document(initial: "x", XML.scene("x", attributes: "customClass=\"SearchController\"")),
            "Pods/Ignored/Search.storyboard": "not even XML",
            ".hidden/Broken.storyboard": "not even XML",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let bundle = try StoryboardBundle.load([root])
        #expect(bundle.names == ["Main", "Search"])
        let main = try #require(bundle.storyboard(named: "Main"))
        let resolved = try bundle.resolve(try #require(main.scene(controllerID: "p")), in: main)
        #expect(resolved.scene.controllerID == "x")
        #expect(resolved.storyboard.file?.hasSuffix("Extension/Search.storyboard") == true)
    }

    @Test func localizedCopies_areOneStoryboard_theBaseCopyResolves() throws {
        let root = try Self.folder([
            "en.lproj/Main.storyboard": XML.document(initial: "en", XML.scene("en")),
            "Base.lproj/Main.storyboard": XML.document(initial: "base", XML.scene("base")),
            "fr.lproj/Main.storyboard": XML.document(initial: "fr", XML.scene("fr")),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let bundle = try StoryboardBundle.load([root])
        #expect(bundle.storyboards.count == 3)
        #expect(bundle.names == ["Main"])
        #expect(bundle.storyboard(named: "Main")?.initialViewControllerID == "base")
    }

    @Test func referenceCycle_betweenTwoFiles_isATypedErrorNamingTheChain() throws {
        let a = try StoryboardLoader.load(
            xml: XML.document(initial: "pa", Self.placeholder("pa", "storyboardName=\"B\"")), file: "/app/A.storyboard")
        let b = try StoryboardLoader.load(
            xml: XML.document(initial: "pb", Self.placeholder("pb", "storyboardName=\"A\"")), file: "/app/B.storyboard")
        let bundle = StoryboardBundle(storyboards: [a, b])
        let error = #expect(throws: StoryboardError.self) { try bundle.resolve(try #require(a.scene(controllerID: "pa")), in: a) }
        #expect(error?.code == .referenceCycle)
        #expect(error?.message == "storyboard reference cycle A -> B -> A")
        #expect(error?.file == "/app/A.storyboard")
        #expect(bundle.unresolvedReferences().map(\.message) == [
            "storyboard reference cycle A -> B -> A", "storyboard reference cycle B -> A -> B",
        ])
    }

    @Test func referenceCycle_ofAStoryboardToItself_andBetweenTwoPlaceholders() throws {
        let selfReference = try StoryboardLoader.load(
            xml: XML.document(initial: "p", Self.placeholder("p", "storyboardName=\"Loop\"")), file: "/app/Loop.storyboard")
        let one = StoryboardBundle(storyboards: [selfReference])
        #expect(one.unresolvedReferences().map(\.message) == ["storyboard reference cycle Loop -> Loop"])
        let pair = try StoryboardLoader.load(
            xml: XML.document(
                initial: "a",
                XML.scene("a", body: XML.connections(XML.segue("s", to: "p1"))),
                Self.placeholder("p1", "referencedIdentifier=\"Two\" storyboardIdentifier=\"One\""),
                Self.placeholder("p2", "referencedIdentifier=\"One\" storyboardIdentifier=\"Two\"")),
            file: "/app/Pair.storyboard")
        let errors = StoryboardBundle(storyboards: [pair]).unresolvedReferences()
        #expect(errors.map(\.code) == [.referenceCycle, .referenceCycle])
        // Issue 18: inside one storyboard the chain names the placeholders (was `Pair -> Pair -> Pair`).
        #expect(errors.map(\.message) == [
            "storyboard reference cycle Pair:One -> Pair:Two -> Pair:One", "storyboard reference cycle Pair:Two -> Pair:One -> Pair:Two",
        ])
    }

    /// Issue 18: following a reference scanned its target storyboard's scenes, so a chain of
    /// N references through one storyboard looked at N²/2 scenes. Each target is now found
    /// through the bundle's scene index: exactly one scene looked at per reference followed.
    @Test func resolve_aChainOfReferences_looksAtOneScenePerReference() throws {
        let count = 5_000
        var scenes: [StoryboardScene] = []
        for index in 0..<count {
            var scene = StoryboardScene(controllerID: "p\(index)", kind: .viewController)
            scene.storyboardIdentifier = "I\(index)"
            scene.reference = StoryboardReference(storyboardName: nil, referencedIdentifier: "I\(index + 1)")
            scenes.append(scene)
        }
        var leaf = StoryboardScene(controllerID: "leaf", kind: .viewController)
        leaf.storyboardIdentifier = "I\(count)"
        scenes.append(leaf)
        let storyboard = Storyboard(file: "/app/Chain.storyboard", initialViewControllerID: "p0", scenes: scenes)
        let bundle = StoryboardBundle(storyboards: [storyboard])
        var work = 0
        let resolved = try bundle.resolve(scenes[0], in: storyboard, work: &work)
        #expect(resolved.scene.controllerID == "leaf")
        #expect(work == count)
        // The public lookups agree with the storyboard's own scans.
        #expect(bundle.scene(controllerID: "p42", in: storyboard) == storyboard.scene(controllerID: "p42"))
        #expect(bundle.scene(storyboardIdentifier: "I7", in: storyboard) == storyboard.scene(storyboardIdentifier: "I7"))
        #expect(bundle.scene(controllerID: "nope", in: storyboard) == nil)
        // A storyboard that is not the bundle's copy is scanned, never misread through the index.
        var changed = storyboard
        changed.scenes.swapAt(0, 1)
        #expect(bundle.scene(controllerID: "p0", in: changed)?.controllerID == "p0")
    }

    @Test func catalog_instantiatesAReferencedScene_withoutReadingAFile() async throws {
        // The files do not exist: the bundle's parsed storyboards are all the catalog reads.
        let main = try StoryboardLoader.load(
            xml: XML.document(
                initial: "nav",
                XML.scene("nav", kind: "navigationController", body: XML.connections(XML.segue("r", to: "p", kind: "relationship", "relationship=\"rootViewController\""))),
                Self.placeholder("p", "storyboardName=\"Settings\" referencedIdentifier=\"Prefs\"")),
            file: "/nowhere/Main.storyboard")
        let settings = try StoryboardLoader.load(
            xml: XML.document(XML.scene("prefs", attributes: "storyboardIdentifier=\"Prefs\" customClass=\"PrefsController\"")),
            file: "/nowhere/Settings.storyboard")
        let bundle = StoryboardBundle(storyboards: [main, settings])
        let window = Window(configuration: Window.Configuration(transitionDuration: .zero))
        let root = try #require(main.catalog(bundle: bundle).instantiate("nav", in: window))
        try await window.setRootViewController(root, animated: false)
        let snapshot = await window.snapshot()
        #expect(snapshot.root?.children.map(\.scene) == ["prefs"])
        #expect(snapshot.root?.children.map(\.className) == ["PrefsController"])
        await window.close()
    }

    @Test func paths_thatAreNotStoryboards_areNamedForWhatTheyAre() throws {
        let root = try Self.folder(["Sources/a.swift": "let x = 1"])
        defer { try? FileManager.default.removeItem(at: root) }
        func message(_ url: URL) -> String? {
            do {
                _ = try StoryboardBundle.load([url])
                return nil
            } catch {
                return error.message
            }
        }
        #expect(message(root) == "no .storyboard file in this folder")
        #expect(message(root.appendingPathComponent("missing.storyboard")) == "no such file")
        #expect(message(URL(fileURLWithPath: "/dev/zero")) == "is not a regular file (a device, FIFO or socket)")
        let loop = root.appendingPathComponent("loop.storyboard")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: loop.path)
        #expect(message(loop) == "is a symbolic link that leads nowhere (or in a loop)")
        let error = #expect(throws: StoryboardError.self) { try StoryboardLoader.load(contentsOf: root) }
        #expect(error?.message == "cannot read storyboard: is a directory")
    }

    /// Two targets with a storyboard of one name each (an app and an extension, each with its
    /// `Detail`): a reference finds its own target's copy, the nearest folder (a helper's trial
    /// found AppB's reference going to AppA's copy). Folders equally near leave it to the
    /// targets: the first in resolution order, and lint says so.
    @Test func sameNameInTwoFolders_aReferenceFindsTheNearest_andLintNamesATie() throws {
        let reference = { (id: String) in Self.placeholder(id, "storyboardName=\"Detail\"") }
        let root = try Self.folder([
            "AppA/Main.storyboard": XML.document(initial: "a", reference("a")),
            "AppA/Detail.storyboard": XML.document(initial: "ad", XML.scene("ad")),
            "AppB/Base.lproj/Main.storyboard": XML.document(initial: "b", reference("b")),
            "AppB/en.lproj/Detail.storyboard": XML.document(initial: "bd-en", XML.scene("bd-en")),
            "AppB/Base.lproj/Detail.storyboard": XML.document(initial: "bd", XML.scene("bd")),
            "Widgets/Today/Main.storyboard": XML.document(initial: "t", reference("t")),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let bundle = try StoryboardBundle.load([root])
        func target(_ file: String) throws -> String {
            let storyboard = try #require(bundle.storyboards.first { $0.file?.hasSuffix(file) == true })
            let placeholder = try #require(storyboard.references.first)
            return try bundle.resolve(placeholder, in: storyboard).scene.controllerID
        }
        #expect(try target("AppA/Main.storyboard") == "ad")
        #expect(try target("AppB/Base.lproj/Main.storyboard") == "bd", "its own folder's, the Base.lproj copy")
        // Widgets/Today is as near AppA as AppB: the first in resolution order (Base.lproj first).
        #expect(try target("Widgets/Today/Main.storyboard") == "bd")
        #expect(bundle.storyboard(named: "Detail", from: nil)?.file?.hasSuffix("AppB/Base.lproj/Detail.storyboard") == true)
        // Started from AppA's Main (drive --storyboard), the tie goes to AppA's copy: nothing to warn.
        var started = bundle
        started.startFile = try #require(bundle.storyboards.first { $0.file?.hasSuffix("AppA/Main.storyboard") == true }?.file)
        let today = try #require(started.storyboards.first { $0.file?.hasSuffix("Widgets/Today/Main.storyboard") == true })
        #expect(try started.resolve(try #require(today.references.first), in: today).scene.controllerID == "ad")
        #expect(StoryboardLint.ambiguousReferences(in: started).isEmpty)
        #expect(StoryboardLint.ambiguousReferences(in: bundle).count == 1)

        let findings = StoryboardLint().diagnostics(for: bundle).filter { $0.ruleID == "ambiguous-reference" }
        #expect(findings.count == 1)
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.location?.file.hasSuffix("Widgets/Today/Main.storyboard") == true)
        #expect(
            findings.first?.message
                == "storyboard reference to 'Detail': 2 storyboards of that name are in folders equally near this one (\(root.path)/AppB/Base.lproj/Detail.storyboard, \(root.path)/AppA/Detail.storyboard); UIKit takes the copy of the target that loads this storyboard, which a folder does not say, and drive and explore take the one nearest the storyboard they start from, else the first: give the copies names of their own to make it plain"
        )
    }

    /// A storyboard localized as whole copies (`en.lproj/Detail` beside `Base.lproj/Detail`)
    /// whose copy navigates otherwise (a helper's trial: the en copy lacked a segue): lint says
    /// how, at the copy; a copy that only renumbers element ids is the same storyboard.
    @Test func localizedCopy_thatNavigatesOtherwise_isAWarningListingHow() throws {
        let base = XML.document(
            initial: "nav",
            XML.scene("nav", kind: "navigationController", body: XML.connections(XML.segue("r1", to: "list", kind: "relationship", "relationship=\"rootViewController\""))),
            XML.scene("list", body: XML.connections(
                XML.segue("s1", to: "detail", kind: "show", "identifier=\"open\""),
                XML.segue("s2", to: "history", kind: "show", "identifier=\"showHistory\""))),
            XML.scene("detail"),
            XML.scene("history")
        )
        let renumbered = base.replacingOccurrences(of: "id=\"r1\"", with: "id=\"r9\"")
        let stale = XML.document(
            initial: "nav",
            XML.scene("nav", kind: "navigationController", body: XML.connections(XML.segue("r7", to: "list", kind: "relationship", "relationship=\"rootViewController\""))),
            XML.scene("list", body: XML.connections(XML.segue("s1", to: "history", kind: "show", "identifier=\"open\""))),
            XML.scene("detail"),
            XML.scene("extra")
        )
        let root = try Self.folder([
            "App/Base.lproj/Detail.storyboard": base,
            "App/fr.lproj/Detail.storyboard": renumbered,
            "App/en.lproj/Detail.storyboard": stale,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let findings = StoryboardLint().diagnostics(for: try StoryboardBundle.load([root])).filter { $0.ruleID == "localized-copy-differs" }
        #expect(findings.count == 1)
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.location?.file == root.path + "/App/en.lproj/Detail.storyboard")
        #expect(findings.first?.location?.line == 30, "at the scene that is not in the base copy")
        #expect(
            findings.first?.message
                == "this localized copy differs from \(root.path)/App/Base.lproj/Detail.storyboard, which the runtime reads (a device in this copy's language loads this one): scene 'extra' is not in the base copy; scene 'history' is missing; segue 'open' of scene 'list' leads to 'history', not 'detail'; segue 'showHistory' of scene 'list' is missing"
        )
    }
}
