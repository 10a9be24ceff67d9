// Tests for the Interface Builder loader on the real fixtures and on small documents.

import Foundation
import Testing

@testable import NavigationRuntime

@Suite struct StoryboardLoaderTests {
    @Test func fixtures_areAllPresent() {
        #expect(StoryboardFixtures.all.count == 26)
    }

    @Test(arguments: StoryboardFixtures.all)
    func load_whenRealFixture_succeeds(_ url: URL) throws {
        let storyboard = try StoryboardLoader.load(contentsOf: url)
        #expect(!storyboard.scenes.isEmpty)
        #expect(storyboard.file == url.path)
    }
}

@Suite struct StoryboardLoaderDetailTests {
    typealias XML = StoryboardXML

    func loadError(_ xml: String) -> StoryboardError? {
        do {
            _ = try StoryboardLoader.load(xml: xml, file: "mini.storyboard")
            return nil
        } catch {
            return error
        }
    }

    @Test func load_whenUnwindFixture_readsScenesSeguesTriggersAndLines() throws {
        let url = try #require(StoryboardFixtures.named("bartjacobs"))
        let storyboard = try StoryboardLoader.load(contentsOf: url)
        #expect(storyboard.initialViewControllerID == "hPR-Jv-hs1")
        #expect(storyboard.scenes.map(\.controllerID) == ["BYZ-38-t0r", "zWc-Mh-RdJ", "JT9-9f-Tkg", "Bop-wd-o1t", "hPR-Jv-hs1", "zSU-hA-XpE"])
        let root = storyboard.scenes[0]
        #expect(root.sceneID == "tne-QT-ifu")
        #expect(root.kind == .viewController)
        #expect(root.customClass == "RootViewController")
        #expect(root.customModule == "Unwinding")
        #expect(root.location == StoryboardSourceLocation(file: url.path, line: 9, column: 9))
        #expect(root.controllerLocation == StoryboardSourceLocation(file: url.path, line: 11, column: 17))
        #expect(root.segues.map(\.id) == ["hED-sZ-vX7", "WmP-YS-AKj"])
        #expect(root.segues[0].trigger == StoryboardSegueTrigger(kind: .control, elementID: "5zx-I3-J6x", elementName: "button"))
        #expect(root.segues[0].location == StoryboardSourceLocation(file: url.path, line: 24, column: 37))
        #expect(root.segues[1].trigger.kind == .barButtonItem)
        #expect(root.segues[1].kind == .presentation)
        #expect(root.segues[1].sourceControllerID == "BYZ-38-t0r")
        let detail = storyboard.scenes[2]
        #expect(detail.exitIDs == ["Nxv-WK-NGM"])
        #expect(detail.segues[0].kind == .unwind)
        #expect(detail.segues[0].identifier == "unwindFromViewController")
        #expect(detail.segues[0].unwindAction == "unwindToRootViewController:")
        #expect(detail.segues[0].destinationID == "Nxv-WK-NGM")
        let nav = storyboard.scenes[4]
        #expect(nav.kind == .navigationController)
        #expect(nav.relationships == [StoryboardRelationship(kind: .rootViewController, destinationID: "BYZ-38-t0r", segueID: "OsO-bW-9r3")])
        #expect(nav.segues[0].trigger == StoryboardSegueTrigger(kind: .controller, elementID: "hPR-Jv-hs1", elementName: "navigationController"))
        #expect(storyboard.unwindSegues.count == 3)
        #expect(storyboard.unwindActions == ["unwindToRootViewController:"])
        #expect(storyboard.initialScene?.controllerID == "hPR-Jv-hs1")
    }

    @Test func load_whenSegueAttributesAndReferences_readsThem() throws {
        let habit = try StoryboardLoader.load(contentsOf: try #require(StoryboardFixtures.named("HabitRPG")))
        let initial = try #require(habit.segues.first { $0.id == "Z2J-RM-J8b" })
        #expect(initial.identifier == "InitialSegue")
        #expect(initial.customClass == "MainVCSelectionSegue")
        #expect(initial.customModule == "Habitica")
        #expect(initial.modalPresentationStyle == "fullScreen")
        #expect(initial.modalTransitionStyle == "crossDissolve")
        #expect(initial.trigger.kind == .controller)
        let embed = try #require(habit.segues.first { $0.id == "NGo-jg-Pkj" })
        #expect(embed.kind == .embed)
        #expect(embed.trigger.kind == .containerView)
        let reference = try #require(habit.scene(controllerID: "qul-kf-4Gi"))
        #expect(reference.kind == .viewControllerPlaceholder)
        #expect(reference.reference == StoryboardReference(storyboardName: "Main", referencedIdentifier: "MainSplitViewController"))

        let goMap = try StoryboardLoader.load(contentsOf: try #require(StoryboardFixtures.named("GoMap__src_iOS_Base")))
        let accessory = try #require(goMap.segues.first { $0.id == "KuK-gp-RBs" })
        #expect(accessory.kind == .push)
        #expect(accessory.trigger.kind == .tableViewCell)
        #expect(accessory.trigger.action == "accessoryAction")
    }

    @Test func load_whenGestureRecognizerBeforeController_attributesSegueToTheSceneController() throws {
        let xml = XML.document(
            initial: "a",
            XML.scene(
                "a", extra: "<tapGestureRecognizer id=\"tap\"><connections>" + XML.segue("s1", to: "b", kind: "presentation", "animates=\"NO\"")
                    + "</connections></tapGestureRecognizer>"),
            XML.scene("b"))
        let segue = try #require(try StoryboardLoader.load(xml: xml).segues.first)
        #expect(segue.sourceControllerID == "a")
        #expect(segue.trigger == StoryboardSegueTrigger(kind: .gestureRecognizer, elementID: "tap", elementName: "tapGestureRecognizer"))
        #expect(segue.animates == false)
    }

    @Test func load_whenLegacySearchDisplayController_keepsTheSceneControllerAndCountsIt() throws {
        let xml = XML.document(
            initial: "a",
            XML.scene("a", kind: "tableViewController", extra: "<searchDisplayController id=\"sdc\"><connections/></searchDisplayController>"))
        let storyboard = try StoryboardLoader.load(xml: xml)
        #expect(storyboard.scenes.map(\.controllerID) == ["a"])
        #expect(storyboard.scenes[0].additionalControllerKinds == [StoryboardControllerKind("searchDisplayController")])
        let inspection = StoryboardInspection(storyboard)
        #expect(inspection.viewControllersByType == ["searchDisplayController": 1, "tableViewController": 1])
        let counter = try #require(IndependentStoryboardCounter.count(Data(xml.utf8)))
        #expect(inspection.viewControllersByType == counter.controllersByType)
    }

    @Test func load_whenBackReferenceOrUnknownElements_ignoresThem() throws {
        let xml = XML.document(
            initial: "a", XML.scene("a", body: "<futureThing wibble=\"1\"><segue reference=\"zzz\"/></futureThing>"))
            .replacingOccurrences(of: "</scenes>", with: "</scenes><inferredMetricsTieBreakers><segue reference=\"a\"/></inferredMetricsTieBreakers>")
        let storyboard = try StoryboardLoader.load(xml: xml)
        #expect(storyboard.segues.isEmpty)
        #expect(storyboard.scenes.count == 1)
    }

    @Test func load_whenBadInput_throwsTypedErrorsWithLocations() throws {
        let malformed = try #require(loadError("<document type=\"x.Storyboard.XIB\"><scenes>\n<scene sceneID=\"a\">\n</scenes>"))
        #expect(malformed.code == .malformedXML)
        #expect(malformed.file == "mini.storyboard")
        #expect(malformed.line == 3)

        let full = XML.document(initial: "a", XML.scene("a"))
        #expect(loadError(String(full.prefix(full.count / 2)))?.code == .malformedXML)
        #expect(loadError("")?.code == .malformedXML)
        #expect(loadError("<?xml version=\"1.0\"?><plist version=\"1.0\"><dict/></plist>")?.code == .notAStoryboard)
        #expect(loadError("<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"/>")?.code == .notAStoryboard)
        #expect(loadError(XML.document(XML.scene("a", body: "<connections><segue kind=\"show\" id=\"s\"/></connections>")))?.code == .missingDestination)
        #expect(loadError(XML.document(XML.scene("a", body: XML.connections(XML.segue("s", to: "a", kind: "unwind")))))?.code == .missingAttribute)
        #expect(loadError(XML.document(XML.scene("a"), XML.scene("a")))?.code == .duplicateElementID)
        #expect(loadError(XML.document("<scene sceneID=\"x\"><objects/></scene>"))?.code == .missingController)
        #expect(loadError(XML.document(XML.scene("a", extra: "<tableViewController id=\"b\" sceneMemberID=\"viewController\"/>")))?.code == .multipleControllers)
        let outside = XML.document(initial: "a", XML.scene("a")).replacingOccurrences(of: "</document>", with: XML.segue("s", to: "a") + "</document>")
        #expect(loadError(outside)?.code == .segueOutsideScene)
        let utf16 = Data([0xFF, 0xFE]) + Data(full.utf8)
        #expect(throws: StoryboardError(.notAStoryboard, "")) { try StoryboardLoader.load(data: utf16) }
        #expect(throws: StoryboardError(.unreadableFile, "")) {
            try StoryboardLoader.load(contentsOf: URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString).storyboard"))
        }
    }

    @Test func load_whenRelationshipCycle_throws() throws {
        let relationship = { (id: String, to: String) in XML.segue(id, to: to, kind: "relationship", "relationship=\"rootViewController\"") }
        let cycle = XML.document(
            initial: "n1",
            XML.scene("n1", kind: "navigationController", body: XML.connections(relationship("r1", "n2"))),
            XML.scene("n2", kind: "navigationController", body: XML.connections(relationship("r2", "n1"))))
        let error = try #require(loadError(cycle))
        #expect(error.code == .relationshipCycle)
        #expect(error.message.contains("containment cycle"))
        let located = try #require(loadError(XML.document(XML.scene("a", body: "\n   <connections><segue kind=\"show\" id=\"s\"/></connections>"))))
        #expect(located.code == .missingDestination)
        #expect(located.line == 8)
        #expect(located.column == 17)
        let selfEmbed = XML.document(XML.scene("a", body: XML.connections(XML.segue("e", to: "a", kind: "embed"))))
        #expect(loadError(selfEmbed)?.code == .relationshipCycle)
        // A navigation cycle (show back and forth) is fine.
        let showCycle = XML.document(
            initial: "a", XML.scene("a", body: XML.connections(XML.segue("s1", to: "b"))), XML.scene("b", body: XML.connections(XML.segue("s2", to: "a"))))
        #expect(loadError(showCycle) == nil)
    }

    @Test func error_rendersFileLineColumnAndCode() {
        let error = StoryboardError(.malformedXML, "bad", file: "x.storyboard", line: 4, column: 2)
        #expect(error.description == "x.storyboard:4:2: error: bad [malformedXML]")
        #expect(error == StoryboardError(.malformedXML, "other message"))
        #expect(error != StoryboardError(.notAStoryboard, "bad"))
    }
}
