// Tests for `inspect`: the §11 JSON of every fixture against an independent count of the raw XML.

import Foundation
import Testing

@testable import NavigationRuntime

@Suite struct StoryboardInspectionTests {
    @Test(arguments: StoryboardFixtures.all)
    func inspectJSON_whenRealFixture_equalsIndependentCount(_ url: URL) throws {
        let data = StoryboardFixtures.data(url)
        let counter = try #require(IndependentStoryboardCounter.count(data))
        let storyboard = try StoryboardLoader.load(data: data, file: url.path)
        let json = StoryboardInspection(storyboard).json

        // Every §11 key is present, with the right JSON type.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(Set(object.keys) == [
            "file", "initial_view_controller", "scenes", "view_controllers_by_type", "segues_total", "segues_by_kind",
            "relationships", "unwind_actions", "custom_segue_classes", "storyboard_identifiers", "storyboard_references",
        ])
        #expect(object["scenes"] is Int)
        #expect(object["segues_total"] is Int)
        #expect(object["storyboard_references"] is Int)

        let decoded = try JSONDecoder().decode(StoryboardInspection.self, from: Data(json.utf8))
        #expect(decoded.file == url.path)
        #expect(decoded.initialViewController == counter.initial)
        #expect(decoded.scenes == counter.scenes)
        #expect(decoded.viewControllersByType == counter.controllersByType)
        #expect(decoded.seguesTotal == counter.segues)
        #expect(decoded.seguesByKind == counter.seguesByKind)
        #expect(decoded.relationships == counter.relationships)
        #expect(decoded.unwindActions == counter.unwindActions.sorted())
        #expect(decoded.customSegueClasses == counter.customSegueClasses)
        #expect(decoded.storyboardIdentifiers == counter.storyboardIdentifiers.sorted())
        #expect(decoded.storyboardReferences == counter.placeholders)
    }

    @Test func inspectJSON_whenUnwindFixture_isExactText() throws {
        let url = try #require(StoryboardFixtures.named("bartjacobs"))
        let inspection = StoryboardInspection(try StoryboardLoader.load(contentsOf: url))
        #expect(inspection.json == """
            {"file": \(StoryboardInspection.quoted(url.path)), "initial_view_controller": "hPR-Jv-hs1", "scenes": 6, \
            "view_controllers_by_type": {"navigationController": 2, "viewController": 4}, "segues_total": 8, \
            "segues_by_kind": {"presentation": 1, "relationship": 2, "show": 2, "unwind": 3}, \
            "relationships": {"rootViewController": 2}, "unwind_actions": ["unwindToRootViewController:"], \
            "custom_segue_classes": {}, "storyboard_identifiers": [], "storyboard_references": 0}
            """)
    }

    /// Counts published in the fixtures' SOURCES.md, for a few files.
    @Test func inspect_whenFixturesWithPublishedCounts_matchesSources() throws {
        let flickr = StoryboardInspection(try StoryboardLoader.load(contentsOf: try #require(StoryboardFixtures.named("wdmchaft"))))
        #expect(flickr.scenes == 16)
        #expect(flickr.seguesByKind == ["custom": 1, "modal": 2, "push": 11, "relationship": 6])
        #expect(flickr.relationships == ["rootViewController": 3, "viewControllers": 3])
        #expect(flickr.customSegueClasses == ["FlipSegue": 1])

        let goMap = StoryboardInspection(try StoryboardLoader.load(contentsOf: try #require(StoryboardFixtures.named("GoMap__src_iOS_Base"))))
        #expect(goMap.scenes == 43)
        #expect(goMap.seguesByKind == ["modal": 8, "push": 24, "relationship": 12])

        let poi = StoryboardInspection(try StoryboardLoader.load(contentsOf: try #require(StoryboardFixtures.named("POI"))))
        #expect(poi.initialViewController == nil)
        #expect(poi.json.contains("\"initial_view_controller\": null"))

        let transitions = StoryboardInspection(try StoryboardLoader.load(contentsOf: try #require(StoryboardFixtures.named("Transitions_Transitions."))))
        #expect(transitions.unwindActions == ["dismissCurrentViewController:", "popToRootViewController:", "unwindToViewController:"])
        #expect(transitions.storyboardReferences == 1)
    }

    @Test func inspectText_listsEveryFact() throws {
        let url = try #require(StoryboardFixtures.named("frogcjn"))
        let text = StoryboardInspection(try StoryboardLoader.load(contentsOf: url)).text
        #expect(text.contains("scenes: 3\n"))
        #expect(text.contains("segues by kind: popoverPresentation 1, relationship 1\n"))
        #expect(text.hasSuffix("storyboard references: 0"))
    }

    @Test func jsonList_whenSeveralFiles_isAJSONArray() throws {
        let urls = Array(StoryboardFixtures.all.prefix(3))
        let inspections = try urls.map { StoryboardInspection(try StoryboardLoader.load(contentsOf: $0)) }
        let decoded = try JSONDecoder().decode([StoryboardInspection].self, from: Data(StoryboardInspection.jsonList(inspections).utf8))
        #expect(decoded == inspections)
    }
}
