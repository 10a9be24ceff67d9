// Tests for the unwind-action source scanner (DESIGN §5 rules).

import Foundation
import Testing

@testable import NavigationRuntime

@Suite struct StoryboardUnwindScannerTests {
    @Test func swiftSelectors_followObjectiveCNaming() {
        let source = """
            import UIKit
            class HomeViewController: UIViewController {
                @IBAction func goBack(_ s: UIStoryboardSegue) {}
                @IBAction func unwindFilterChanged(segue: UIStoryboardSegue) {}
                @IBAction func unwind(to segue: UIStoryboardSegue) {}
                @IBAction func unwindOptional(_ segue: UIStoryboardSegue?) {}
                @IBAction private func unwindFrom(from segue: UIStoryboardSegue!) {}
                @objc(customName:) @IBAction func renamed(segue: UIStoryboardSegue) {}
                @IBAction func `default`(_ segue: UIKit.UIStoryboardSegue) {}
            }
            """
        #expect(UnwindActionScanner.scan(swift: [source])["HomeViewController"] == [
            "goBack:", "unwindFilterChangedWithSegue:", "unwindTo:", "unwindOptional:", "unwindFromFrom:", "customName:", "default:",
        ])
    }

    @Test func nonActions_areIgnored() {
        let source = #"""
            class A: UIViewController {
                @IBAction func tapped(_ sender: Any) {}
                @IBAction func twoParameters(_ segue: UIStoryboardSegue, sender: Any?) {}
                func notAnAction(_ segue: UIStoryboardSegue) {}
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {}
                // @IBAction func commented(_ s: UIStoryboardSegue) {}
                /* @IBAction func block(_ s: UIStoryboardSegue) {} /* nested */ @IBAction func stillComment(_ s: UIStoryboardSegue) {} */
                let text = "@IBAction func inString(_ s: UIStoryboardSegue) { }"
                let multi = """
                    @IBAction func inMultiline(_ s: UIStoryboardSegue) {}
                    """
                let raw = #"@IBAction func inRaw(_ s: UIStoryboardSegue) {} \(x)"#
                let interpolated = "\(values.map { "}" })"
                @IBAction func real(_ s: UIStoryboardSegue) {}
            }
            """#
        #expect(UnwindActionScanner.scan(swift: [source]) == ["A": ["real:"]])
    }

    @Test func ownership_followsBraceNesting_andExtensions() {
        let source = """
            class Outer: UIViewController {
                class Inner: UIViewController {
                    @IBAction func innerAction(_ s: UIStoryboardSegue) {}
                }
                func helper() { if true { } }
                @IBAction func outerAction(_ s: UIStoryboardSegue) {}
            }
            extension Outer {
                @IBAction func fromExtension(_ s: UIStoryboardSegue) {}
            }
            class Later: UIViewController {}
            """
        let table = UnwindActionScanner.scan(swift: [source])
        #expect(table["Outer"] == ["outerAction:", "fromExtension:"])
        #expect(table["Inner"] == ["innerAction:"])
        #expect(table["Later"] == [])
    }

    @Test func inheritance_includesGenericSuperclasses_andUIViewControllerExtensions() {
        let source = """
            class Base<T>: UIViewController { @IBAction func baseAction(_ s: UIStoryboardSegue) {} }
            final class Child: Base<Int>, SomeProtocol { }
            class GrandChild: Child { class func make() -> GrandChild { GrandChild() } }
            extension UIViewController { @IBAction func everywhere(_ s: UIStoryboardSegue) {} }
            """
        let table = UnwindActionScanner.scan(swift: [source])
        #expect(table["Child"] == ["baseAction:", "everywhere:"])
        #expect(table["GrandChild"] == ["baseAction:", "everywhere:"])
        #expect(table["UIViewController"] == ["everywhere:"])
    }

    @Test func objectiveC_interfacesImplementationsAndCategories() {
        let header = """
            @interface MenuViewController : UIViewController
            - (IBAction)unwindToMenuViewController:(UIStoryboardSegue *)segue;
            - (IBAction)buttonTapped:(id)sender;
            @end
            """
        let implementation = """
            #import "MenuViewController.h"
            @implementation MenuViewController (Unwinding)
            - (IBAction)unwindHere:(UIStoryboardSegue *)segue { NSString *s = @"- (IBAction)fake:(UIStoryboardSegue *)x"; char c = '}'; }
            - (IBAction)withSender:(UIStoryboardSegue *)segue sender:(id)sender { }
            - (void)notAction:(UIStoryboardSegue *)segue { }
            // - (IBAction)commented:(UIStoryboardSegue *)segue
            @end
            @interface SubMenu : MenuViewController
            @end
            """
        let table = UnwindActionScanner.scan(objectiveC: [header, implementation])
        #expect(table["MenuViewController"] == ["unwindToMenuViewController:", "unwindHere:"])
        #expect(table["SubMenu"] == ["unwindToMenuViewController:", "unwindHere:"])
    }

    @Test func scanDirectory_feedsLint() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sb-scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sub"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "class RootViewController: UIViewController { @IBAction func unwindToRootViewController(_ s: UIStoryboardSegue) {} }\nclass ViewController: UIViewController {}"
            .write(to: folder.appendingPathComponent("Sub/Root.swift"), atomically: true, encoding: .utf8)
        let table = UnwindActionScanner.scan(directory: folder)
        #expect(table == ["RootViewController": ["unwindToRootViewController:"], "ViewController": []])
        let storyboard = try StoryboardLoader.load(contentsOf: try #require(StoryboardFixtures.named("bartjacobs")))
        #expect(StoryboardLint(declaredUnwindActions: table).diagnostics(for: storyboard).isEmpty)
        let missing = StoryboardLint(declaredUnwindActions: ["RootViewController": [], "ViewController": []]).diagnostics(for: storyboard)
        #expect(missing.map(\.ruleID) == Array(repeating: "unhandled-unwind-action", count: 3))
        #expect(missing.allSatisfy { $0.severity == .error })
    }
}
