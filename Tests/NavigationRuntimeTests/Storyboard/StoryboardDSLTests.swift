// Tests for the result-builder DSL: a real fixture rewritten in Swift equals the loaded value.

import Foundation
import Testing

@testable import NavigationRuntime

@Suite struct StoryboardDSLTests {
    typealias DSL = StoryboardDSL

    /// bartjacobs/DemystifyingUnwindSegues `Main.storyboard`, written in the DSL.
    static let unwinding = Storyboard(initial: "hPR-Jv-hs1") {
        DSL.Controller("BYZ-38-t0r", sceneID: "tne-QT-ifu", class: "RootViewController", module: "Unwinding", moduleProvider: "target") {
            DSL.SegueTo("JT9-9f-Tkg", .show, id: "hED-sZ-vX7", trigger: .button("5zx-I3-J6x"))
            DSL.SegueTo("zSU-hA-XpE", .presentation, id: "WmP-YS-AKj", trigger: .barButtonItem("QaY-vj-i9q"))
        }
        DSL.Controller("zWc-Mh-RdJ", sceneID: "aQu-TX-Ufm", class: "ViewController", module: "Unwinding", moduleProvider: "target") {
            DSL.Unwind("unwindToRootViewController:", exit: "b7b-cJ-iPy", id: "gpt-i9-9w7", trigger: .button("ZeI-l4-F7K"))
            DSL.Exit("b7b-cJ-iPy")
        }
        DSL.Controller("JT9-9f-Tkg", sceneID: "w4k-a9-jIQ", class: "ViewController", module: "Unwinding", moduleProvider: "target") {
            DSL.Exit("Nxv-WK-NGM")
            DSL.Unwind(
                "unwindToRootViewController:", exit: "Nxv-WK-NGM", identifier: "unwindFromViewController", id: "MNW-VW-eIH",
                trigger: .button("iGm-ww-HI4"))
            DSL.SegueTo("Bop-wd-o1t", .show, id: "MHh-mz-Lkg", trigger: .button("IJP-gd-3RF"))
        }
        DSL.Controller("Bop-wd-o1t", sceneID: "aEu-vC-HIu") {
            DSL.Exit("yAk-7l-pc4")
            DSL.Unwind("unwindToRootViewController:", exit: "yAk-7l-pc4", id: "WKY-IZ-YtF", trigger: .button("jH7-sf-pnC"))
        }
        DSL.Navigation("hPR-Jv-hs1", root: "BYZ-38-t0r", rootSegueID: "OsO-bW-9r3", sceneID: "INk-LK-zKT")
        DSL.Navigation("zSU-hA-XpE", root: "zWc-Mh-RdJ", rootSegueID: "hmW-iD-iIT", sceneID: "ZWR-V3-imI")
    }

    @Test func dsl_whenFixtureRewritten_equalsLoadedValue() throws {
        let loaded = try StoryboardLoader.load(contentsOf: try #require(StoryboardFixtures.named("bartjacobs")))
        #expect(loaded != Self.unwinding)  // locations and file differ ...
        #expect(loaded.isEquivalent(to: Self.unwinding))  // ... and nothing else
        #expect(loaded.withoutSourceLocations() == Self.unwinding)
        #expect(StoryboardInspection(loaded).seguesByKind == StoryboardInspection(Self.unwinding).seguesByKind)
    }

    @Test func dsl_whenIDsOmitted_derivesThemDeterministically() {
        let storyboard = Storyboard(initial: "nav") {
            DSL.Navigation("nav", root: "home")
            DSL.Controller("home", class: "HomeViewController") {
                DSL.SegueTo("detail", .show, identifier: "showDetail")
            }
            DSL.Controller("detail", storyboardIdentifier: "Detail") {
                DSL.Unwind("unwindToHome:", exit: "detail-exit")
                DSL.Exit("detail-exit")
            }
            DSL.TabBar("tabs", tabs: ["home", "detail"])
            DSL.Split("split", master: "nav", detail: "detail")
            DSL.Reference("ref", storyboard: "Settings", identifier: "Root")
        }
        #expect(storyboard.scenes.map(\.sceneID) == ["scene-nav", "scene-home", "scene-detail", "scene-tabs", "scene-split", "scene-ref"])
        let nav = storyboard.scenes[0]
        #expect(nav.relationships == [StoryboardRelationship(kind: .rootViewController, destinationID: "home", segueID: "nav.segue0")])
        #expect(nav.segues[0].trigger == StoryboardSegueTrigger(kind: .controller, elementID: "nav", elementName: "navigationController"))
        let show = storyboard.scenes[1].segues[0]
        #expect(show.id == "home.segue0")
        #expect(show.sourceControllerID == "home")
        #expect(show.identifier == "showDetail")
        #expect(storyboard.unwindActions == ["unwindToHome:"])
        #expect(storyboard.scenes[2].exitIDs == ["detail-exit"])
        #expect(storyboard.scenes[3].relationships.map(\.kind) == [.viewControllers, .viewControllers])
        #expect(storyboard.scenes[4].relationships.map(\.destinationID) == ["nav", "detail"])
        #expect(storyboard.scenes[5].reference == StoryboardReference(storyboardName: "Settings", referencedIdentifier: "Root"))
        let diagnostics = StoryboardLint(checksReferences: false).diagnostics(for: storyboard)
        #expect(diagnostics.map(\.ruleID) == ["unhandled-unwind-action", "unreachable-scene", "unreachable-scene", "unreachable-scene"])
        #expect(diagnostics.dropFirst().map { $0.message.contains("(tabs)") || $0.message.contains("(split)") || $0.message.contains("(ref)") } == [true, true, true])
    }

    @Test func dsl_whenControlFlow_buildsConditionalScenes() {
        let includeDetail = true
        let storyboard = Storyboard(initial: "a") {
            DSL.Controller("a") {
                for index in 0..<3 { DSL.SegueTo("b\(index)", .show) }
                if includeDetail { DSL.SegueTo("detail", .showDetail) } else { DSL.SegueTo("other", .show) }
            }
            for index in 0..<3 { DSL.Controller("b\(index)") }
            if includeDetail { DSL.Controller("detail") }
        }
        #expect(storyboard.scenes.count == 5)
        #expect(storyboard.segues.map(\.destinationID) == ["b0", "b1", "b2", "detail"])
        #expect(storyboard.segues.map(\.id) == ["a.segue0", "a.segue1", "a.segue2", "a.segue3"])
    }

    @Test func storyboard_isCodable_roundTrips() throws {
        let data = try JSONEncoder().encode(Self.unwinding)
        #expect(try JSONDecoder().decode(Storyboard.self, from: data) == Self.unwinding)
    }
}
