// Tests for AppLint: each rule's true positive and nearest true negative, Swift and Objective-C.

import Foundation
import Testing

@testable import NavigationRuntime

/// `body` as line 3 of a method in an extension of `type`; `column(of:)` is where `needle` starts.
private struct Method {
    var type = "ListViewController"
    var body: String
    var text: String { "extension \(type) {\n    func go() {\n        \(body)\n    }\n}\n" }
    /// `3:column` of the first occurrence of `needle` in `body` (body starts at column 9).
    func at(_ needle: String) -> String {
        guard let range = body.range(of: needle) else { return "needle not found" }
        return "3:\(9 + body.utf8.distance(from: body.startIndex, to: range.lowerBound))"
    }
}

private func lint(_ method: Method) -> [String] { SmallApp.summary(SmallApp.lint(["/app/Go.swift": method.text])) }

@Suite struct AppLintMissingSegueTests {
    @Test func typo_isAnError_withTheSceneAndASuggestion() throws {
        let method = Method(body: #"performSegue(withIdentifier: "showDetial", sender: nil)"#)
        let diagnostics = SmallApp.lint(["/app/Go.swift": method.text])
        #expect(SmallApp.summary(diagnostics) == ["\(method.at("\"showDetial\"")) missing-segue-identifier"])
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.location?.file == "/app/Go.swift")
        #expect(diagnostic.message.contains("scene ListViewController 'List' at Main.storyboard:"))
        #expect(diagnostic.message.contains("did you mean 'showDetail'?"))
    }

    @Test func existingSegue_isClean() {
        #expect(lint(Method(body: #"performSegue(withIdentifier: "showDetail", sender: nil)"#)).isEmpty)
    }

    @Test func explicitSelfReceivers_areJudged_otherReceiversAreNot() {
        let explicit = Method(body: #"self.performSegue(withIdentifier: "nope", sender: nil)"#)
        #expect(lint(explicit) == ["\(explicit.at("\"nope\"")) missing-segue-identifier"])
        let weak = Method(body: #"DispatchQueue.main.async { [weak self] in self?.performSegue(withIdentifier: "nope", sender: nil) }"#)
        #expect(lint(weak) == ["\(weak.at("\"nope\"")) missing-segue-identifier"])
        #expect(lint(Method(body: #"parent?.performSegue(withIdentifier: "nope", sender: nil)"#)).isEmpty)
        #expect(lint(Method(body: #"detail.performSegue(withIdentifier: "nope", sender: nil)"#)).isEmpty)
    }

    @Test func embedSegueIdentifiers_cannotBePerformed() {
        let method = Method(body: #"performSegue(withIdentifier: "embedHeader", sender: nil)"#)
        #expect(lint(method) == ["\(method.at("\"embedHeader\"")) missing-segue-identifier"])
    }

    @Test func superclass_isJudgedByItsSubclassesScenes() {
        let base = "class BaseList: UIViewController {\n    func go() { performSegue(withIdentifier: \"showDetail\", sender: nil) }\n    func bad() { performSegue(withIdentifier: \"nope\", sender: nil) }\n}\n"
        let classes = "class ListViewController: BaseList {}\nclass DetailViewController: UIViewController {}\n"
        let diagnostics = AppLint(
            storyboards: SmallApp.storyboards, sources: AppSourceIndex.scan(sources: ["/app/Base.swift": base, "/app/Classes.swift": classes])
        ).diagnostics()
        #expect(SmallApp.summary(diagnostics) == ["3:47 missing-segue-identifier"])
    }

    @Test func classesWithoutScenes_orNotDeclared_orOverriding_areNotJudged() {
        #expect(lint(Method(type: "UnusedViewController", body: #"performSegue(withIdentifier: "nope", sender: nil)"#)).isEmpty)
        #expect(lint(Method(type: "UIViewController", body: #"performSegue(withIdentifier: "nope", sender: nil)"#)).isEmpty)
        let overriding = """
            extension ListViewController {
                override func performSegue(withIdentifier identifier: String, sender: Any?) { route(identifier) }
                func go() { performSegue(withIdentifier: "nope", sender: nil) }
            }
            """
        #expect(SmallApp.lint(["/app/Go.swift": overriding]).isEmpty)
    }

    @Test func unresolvedIdentifiers_sayNothing() {
        #expect(lint(Method(body: #"performSegue(withIdentifier: name, sender: nil)"#)).isEmpty)
        #expect(lint(Method(body: #"performSegue(withIdentifier: "show\(kind)", sender: nil)"#)).isEmpty)
        #expect(lint(Method(body: #"performSegue(withIdentifier: link!, sender: nil)"#)).isEmpty)
        #expect(lint(Method(body: #"performSegue(withIdentifier: R.segue.list.nope.identifier, sender: nil)"#)).isEmpty)
        #expect(lint(Method(body: #"performSegue(withIdentifier: "a" + "b", sender: nil)"#)).isEmpty)
    }

    @Test func objectiveC_typoIsAnError_andTheRightIdentifierIsClean() {
        let header = "@interface ListViewController : UIViewController\n@end\n"
        let implementation = """
            #import "ListViewController.h"
            #define kShowDetail @"showDetail"
            @implementation ListViewController
            - (void)go {
                [self performSegueWithIdentifier:@"showDetial" sender:nil];
                [self performSegueWithIdentifier:kShowDetail sender:nil];
                [self.parentViewController performSegueWithIdentifier:@"nope" sender:nil];
            }
            @end
            """
        let diagnostics = AppLint(
            storyboards: SmallApp.storyboards,
            sources: AppSourceIndex.scan(sources: ["/app/ListViewController.h": header, "/app/ListViewController.m": implementation])
        ).diagnostics()
        #expect(SmallApp.summary(diagnostics) == ["5:38 missing-segue-identifier"])
    }
}

@Suite struct AppLintMissingStoryboardIdentifierTests {
    @Test func namedStoryboard_withoutTheID_isAnError() throws {
        let method = Method(body: #"let c = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Detial")"#)
        let diagnostics = SmallApp.lint(["/app/Go.swift": method.text])
        #expect(SmallApp.summary(diagnostics) == ["\(method.at("\"Detial\"")) missing-storyboard-identifier"])
        #expect(try #require(diagnostics.first).message.contains("storyboard 'Main' (Main.storyboard); did you mean 'Detail'?"))
        #expect(lint(Method(body: #"let c = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Detail")"#)).isEmpty)
    }

    @Test func theIDOfAnotherStoryboard_isStillAnErrorOnANamedReceiver() {
        let method = Method(body: #"let c = UIStoryboard(name: "Main", bundle: .main).instantiateViewController(identifier: "Settings")"#)
        #expect(lint(method) == ["\(method.at("\"Settings\"")) missing-storyboard-identifier"])
    }

    @Test func localStoryboardBinding_isFollowed() {
        let good = """
            extension ListViewController {
                func go() {
                    let sb = UIStoryboard(name: "Settings", bundle: .main)
                    let c = sb.instantiateViewController(identifier: "Settings") { coder in SettingsViewController(coder: coder) }
                    let d = sb.instantiateViewController(withIdentifier: "Detail")
                }
            }
            """
        #expect(SmallApp.summary(SmallApp.lint(["/app/Go.swift": good])) == ["5:62 missing-storyboard-identifier"])
    }

    @Test func selfStoryboard_isTheStoryboardOfTheClassScenes() {
        let bad = Method(body: #"let c = storyboard?.instantiateViewController(withIdentifier: "Settings")"#)
        #expect(lint(bad) == ["\(bad.at("\"Settings\"")) missing-storyboard-identifier"])
        let explicit = Method(body: #"let c = self.storyboard!.instantiateViewController(withIdentifier: "Settings")"#)
        #expect(lint(explicit) == ["\(explicit.at("\"Settings\"")) missing-storyboard-identifier"])
        #expect(lint(Method(body: #"let c = storyboard?.instantiateViewController(withIdentifier: "Detail")"#)).isEmpty)
    }

    @Test func unresolvedReceiver_isAnErrorOnlyWhenNoStoryboardHasTheID() {
        #expect(lint(Method(body: #"let c = someStoryboard.instantiateViewController(withIdentifier: "Settings")"#)).isEmpty)
        let bad = Method(body: #"let c = someStoryboard.instantiateViewController(withIdentifier: "Nowhere")"#)
        #expect(lint(bad) == ["\(bad.at("\"Nowhere\"")) missing-storyboard-identifier"])
        // A class without scenes: `storyboard` cannot be resolved either.
        let unmapped = Method(type: "Unmapped", body: #"let c = storyboard?.instantiateViewController(withIdentifier: "Settings")"#)
        #expect(lint(unmapped).isEmpty)
    }

    @Test func objectiveC_receivers() {
        let implementation = """
            @implementation ListViewController
            - (void)go {
                id a = [[UIStoryboard storyboardWithName:@"Main" bundle:nil] instantiateViewControllerWithIdentifier:@"Detial"];
                id b = [self.storyboard instantiateViewControllerWithIdentifier:@"Detail"];
                UIStoryboard *sb = [UIStoryboard storyboardWithName:@"Settings" bundle:[NSBundle mainBundle]];
                id c = [sb instantiateViewControllerWithIdentifier:@"Detail"];
                id d = [[self storyboard] instantiateViewControllerWithIdentifier:@"Settings"];
            }
            @end
            """
        #expect(SmallApp.summary(SmallApp.lint(["/app/List.m": implementation])) == [
            "3:106 missing-storyboard-identifier", "6:56 missing-storyboard-identifier", "7:71 missing-storyboard-identifier",
        ])
    }
}

@Suite struct AppLintMissingStoryboardTests {
    @Test func unknownName_inTheMainBundle_isAnError() throws {
        let method = Method(body: #"let sb = UIStoryboard(name: "Mian", bundle: nil)"#)
        let diagnostics = SmallApp.lint(["/app/Go.swift": method.text])
        #expect(SmallApp.summary(diagnostics) == ["\(method.at("\"Mian\"")) missing-storyboard"])
        #expect(try #require(diagnostics.first).message.contains("did you mean 'Main'?"))
    }

    @Test func knownNames_fromAnyFolder_areClean() {
        #expect(lint(Method(body: #"let sb = UIStoryboard(name: "Settings", bundle: Bundle.main)"#)).isEmpty)
        #expect(lint(Method(body: #"let sb = UIStoryboard(name: "Main", bundle: .main)"#)).isEmpty)
    }

    @Test func anotherBundle_isNotJudged() {
        #expect(lint(Method(body: #"let sb = UIStoryboard(name: "PodStoryboard", bundle: Bundle(for: Pod.self))"#)).isEmpty)
        #expect(lint(Method(body: #"let sb = UIStoryboard(name: name, bundle: nil)"#)).isEmpty)
    }

    @Test func localizedCopies_areOneStoryboard() {
        let english = SmallApp.load(StoryboardXML.document(StoryboardXML.scene("x")), file: "/app/en.lproj/Main.storyboard")
        let method = Method(body: #"let c = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Detail")"#)
        #expect(SmallApp.summary(SmallApp.lint(["/app/Go.swift": method.text], storyboards: SmallApp.storyboards + [english])).isEmpty)
    }

    @Test func objectiveC_missingStoryboard_isFound() {
        let implementation = """
            @implementation ListViewController
            - (void)go {
                UIStoryboard *a = [UIStoryboard storyboardWithName:@"Setings" bundle:nil];
                UIStoryboard *b = [UIStoryboard storyboardWithName:@"Settings" bundle:nil];
            }
            @end
            """
        #expect(SmallApp.summary(SmallApp.lint(["/app/List.m": implementation])) == ["3:56 missing-storyboard"])
    }
}

@Suite struct AppLintDeadComparisonTests {
    private func prepare(_ body: String, type: String = "ListViewController") -> String {
        "extension \(type) {\n    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {\n        \(body)\n    }\n}\n"
    }

    @Test func equality_withAnUnknownIdentifier_isAWarning() throws {
        let diagnostics = SmallApp.lint(["/app/Go.swift": prepare(#"if segue.identifier == "showDetial" { }"#)])
        #expect(SmallApp.summary(diagnostics) == ["3:32 dead-segue-comparison"])
        #expect(try #require(diagnostics.first).severity == .warning)
        #expect(SmallApp.lint(["/app/Go.swift": prepare(#"if segue.identifier == "showDetail" { }"#)]).isEmpty)
    }

    @Test func embedIdentifiers_reachPrepare() {
        #expect(SmallApp.lint(["/app/Go.swift": prepare(#"if segue.identifier == "embedHeader" { }"#)]).isEmpty)
    }

    @Test func switchCases_reversedOperands_aliases_andInequality() {
        let source = """
            extension ListViewController {
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                    switch segue.identifier {
                    case "showDetail", "nope1": break
                    case .some("nope2"): break
                    case let other?: print(other)
                    default: break
                    }
                    guard let id = segue.identifier else { return }
                    if "nope3" == segue.identifier { }
                    if id != "nope4" { return }
                    if segue.destination.title == "title" { }
                }
                override func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool {
                    switch identifier { case "nope5": return false; default: return true }
                }
            }
            """
        #expect(SmallApp.summary(SmallApp.lint(["/app/Go.swift": source])) == [
            "4:28 dead-segue-comparison", "5:20 dead-segue-comparison", "10:12 dead-segue-comparison", "11:18 dead-segue-comparison",
            "15:34 dead-segue-comparison",
        ])
    }

    @Test func classesWithoutScenes_andOtherMethods_areNotJudged() {
        #expect(SmallApp.lint(["/app/Go.swift": prepare(#"if segue.identifier == "nope" { }"#, type: "Unmapped")]).isEmpty)
        let other = Method(body: #"if segue.identifier == "nope" { }"#)
        #expect(lint(other).isEmpty)
    }

    @Test func objectiveC_isEqualToString() {
        let implementation = """
            static NSString *const kShowDetail = @"showDetail";
            @implementation ListViewController
            - (void)prepareForSegue:(UIStoryboardSegue *)segue sender:(id)sender {
                if ([segue.identifier isEqualToString:kShowDetail]) { }
                if ([[segue identifier] isEqualToString:@"nope"]) { }
            }
            - (BOOL)shouldPerformSegueWithIdentifier:(NSString *)identifier sender:(id)sender {
                return ![@"nope2" isEqualToString:identifier];
            }
            @end
            """
        #expect(SmallApp.summary(SmallApp.lint(["/app/List.m": implementation])) == [
            "5:45 dead-segue-comparison", "8:14 dead-segue-comparison",
        ])
    }
}

@Suite struct AppLintNearMissHookTests {
    static func lint(_ sources: [String: String], storyboards: [Storyboard] = []) -> [StoryboardDiagnostic] {
        AppLint(storyboards: storyboards, sources: AppSourceIndex.scan(sources: sources)).diagnostics()
    }

    @Test func uikitSignature_withAnAnySender_isARequirementTheRuntimeCalls_notANearMiss() {
        // ViewController requires `prepare(for:sender: Any?)` and `shouldPerformSegue(withIdentifier:sender: Any?)`.
        let source = """
            import NavigationRuntime
            actor InboxController: ViewController {
                nonisolated let context: ControllerContext
                func prepare(for segue: Segue, sender: Any?) async throws {}
                func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) async -> Bool { true }
            }
            """
        #expect(SmallApp.summary(Self.lint(["/app/Inbox.swift": source])) == [])
    }

    @Test func anAnyObjectSender_orSwift2Names_inAViewControllerActor_isAWarning() throws {
        let source = """
            import NavigationRuntime
            actor InboxController: ViewController {
                nonisolated let context: ControllerContext
                func prepare(for segue: Segue, sender: AnyObject?) async throws {}
                func shouldPerformSegue(withIdentifier identifier: String, sender: AnyObject?) async -> Bool { true }
                func prepareForSegue(_ segue: Segue, sender: AnyObject?) {}
                func shouldPerformSegueWithIdentifier(_ identifier: String, sender: AnyObject?) -> Bool { true }
            }
            """
        let diagnostics = Self.lint(["/app/Inbox.swift": source])
        #expect(SmallApp.summary(diagnostics) == ["4:10 near-miss-hook", "5:10 near-miss-hook", "6:10 near-miss-hook", "7:10 near-miss-hook"])
        #expect(diagnostics.map(\.message) == [
            "InboxController conforms to ViewController, but this method is not its hook `prepare(for segue: Segue, sender: Any?) async throws`: "
                + "the sender is 'AnyObject?', not 'Any?' or '(any Sendable)?'; the runtime never calls it",
            "InboxController conforms to ViewController, but this method is not its hook `shouldPerformSegue(withIdentifier identifier: String, sender: Any?) async -> Bool`: "
                + "the sender is 'AnyObject?', not 'Any?' or '(any Sendable)?'; the runtime never calls it",
            "InboxController conforms to ViewController, but this method is not its hook `prepare(for segue: Segue, sender: Any?) async throws`: "
                + "'prepareForSegue(_:sender:)' is Swift 2's name, renamed 'prepare(for:sender:)' in Swift 3; "
                + "the sender is 'AnyObject?', not 'Any?' or '(any Sendable)?'; the runtime never calls it",
            "InboxController conforms to ViewController, but this method is not its hook `shouldPerformSegue(withIdentifier identifier: String, sender: Any?) async -> Bool`: "
                + "'shouldPerformSegueWithIdentifier(_:sender:)' is Swift 2's name, renamed 'shouldPerformSegue(withIdentifier:sender:)' in Swift 3; "
                + "the sender is 'AnyObject?', not 'Any?' or '(any Sendable)?'; the runtime never calls it",
        ])
    }

    @Test func theLibrarysSignature_andUIKitClasses_areClean() {
        let source = """
            actor InboxController: ViewController {
                func prepare(for segue: Segue, sender: (any Sendable)?) async throws {}
                func shouldPerformSegue(withIdentifier identifier: String, sender: Sendable?) -> Bool { true }
            }
            class ViewController: UIViewController {}
            class HomeController: ViewController {
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {}
            }
            actor Unrelated {
                func prepare(for segue: Segue, sender: AnyObject?) {}
                func unwindToList(_ segue: Segue) {}
            }
            """
        #expect(Self.lint(["/app/A.swift": source]).isEmpty)
    }

    @Test func conformanceInAnExtension_orThroughARefiningProtocol_counts() {
        let actor = "actor A {\n    func prepare(for segue: Segue, sender: AnyObject?) {}\n}\nactor B: Screen {\n    func prepare(for segue: NavigationRuntime.Segue, sender: Any) {}\n}\n"
        let conformance = "extension A: ViewController {}\nprotocol Screen: ViewController {}\n"
        let diagnostics = Self.lint(["/app/A.swift": actor, "/app/Conformance.swift": conformance])
        #expect(SmallApp.summary(diagnostics) == ["2:10 near-miss-hook", "5:10 near-miss-hook"])
    }

    /// FoodTracker's exit, as Interface Builder writes it for `unwindToMealList(sender:)`.
    static let mealList: Storyboard = SmallApp.load(
        StoryboardXML.document(
            initial: "list",
            StoryboardXML.scene("list", attributes: "customClass=\"MealTableViewController\""),
            StoryboardXML.scene(
                "meal", attributes: "customClass=\"MealViewController\"",
                body: StoryboardXML.button("save", StoryboardXML.segue("u", to: "exit-meal", kind: "unwind", "unwindAction=\"unwindToMealListWithSender:\"")),
                extra: "<exit id=\"exit-meal\" sceneMemberID=\"exit\"/>")
        ), file: "/app/Main.storyboard")

    @Test func aPortedUnwindMethod_notInUnwindActions_isAWarningNamingTheSelector() throws {
        let source = """
            actor MealTableViewController: ViewController {
                nonisolated let context: ControllerContext
                func unwindToMealList(_ sender: Segue) async {}
                func unwindToMealList(sender: Segue) async {}
            }
            """
        let diagnostics = Self.lint(["/app/Meals.swift": source])
        #expect(SmallApp.summary(diagnostics) == ["3:10 near-miss-hook", "4:10 near-miss-hook"])
        #expect(diagnostics.map(\.message) == [
            "MealTableViewController conforms to ViewController, but its unwindActions does not list 'unwindToMealList:': "
                + "`unwindToMealList` looks like a ported unwind action and the runtime never calls it "
                + "(add \"unwindToMealList:\" to `nonisolated var unwindActions: Set<String>` and call `unwindToMealList` from `performUnwindAction(_:segue:)`)",
            "MealTableViewController conforms to ViewController, but its unwindActions does not list 'unwindToMealListWithSender:': "
                + "`unwindToMealList` looks like a ported unwind action and the runtime never calls it "
                + "(add \"unwindToMealListWithSender:\" to `nonisolated var unwindActions: Set<String>` and call `unwindToMealList` from `performUnwindAction(_:segue:)`)",
        ])
    }

    @Test func aPortedUnwindMethod_namesTheStoryboardsExit() throws {
        let source = """
            actor MealTableViewController: ViewController {
                nonisolated let context: ControllerContext
                func unwindToMealList(_ sender: Segue) async {}
                func backToList(sender: Segue) async {}
            }
            """
        let diagnostics = Self.lint(["/app/Meals.swift": source], storyboards: [Self.mealList])
        #expect(SmallApp.summary(diagnostics) == ["3:10 near-miss-hook"], "backToList: no exit names it, and it is not named unwind…")
        let message = try #require(diagnostics.first?.message)
        #expect(message.hasPrefix("MealTableViewController conforms to ViewController, but its unwindActions does not list 'unwindToMealListWithSender:'"))
        #expect(message.hasSuffix(
            "; the exit at Main.storyboard:15:94 unwinds with 'unwindToMealListWithSender:' (the method's own selector would be 'unwindToMealList:')"))
    }

    @Test func anUnwindMethod_listedInUnwindActions_orAComputedSet_isClean() {
        let listed = """
            actor MealTableViewController: ViewController {
                nonisolated var unwindActions: Set<String> { ["unwindToMealListWithSender:"] }
                func performUnwindAction(_ action: String, segue: Segue) async { await unwindToMealList(sender: segue) }
                func unwindToMealList(sender: Segue) async {}
            }
            actor LabelledDifferently: ViewController {
                nonisolated var unwindActions: Set<String> { ["unwindToMealListWithSender:"] }
                func unwindToMealList(_ segue: Segue) async {}
            }
            actor Other: ViewController {
                static let actions: Set<String> = ["unwindToOther:"]
                nonisolated var unwindActions: Set<String> { Self.actions }
                func unwindToOther(_ segue: Segue) async {}
            }
            """
        #expect(Self.lint(["/app/Meals.swift": listed], storyboards: [Self.mealList]).isEmpty)
    }
}
