// Tests for AppSourceIndex: constant resolution, receivers, enclosing types, unwind actions.

import Foundation
import Testing

@testable import NavigationRuntime

@Suite struct AppSourceIndexTests {
    /// The resolved identifiers of every `performSegue`, in source order (`?` when unresolved).
    private func resolvedSegues(_ sources: [String: String]) -> [String] {
        let index = AppSourceIndex.scan(sources: sources)
        return index.segueCalls.map { index.resolve($0.identifier) ?? "?" }
    }

    @Test func swiftConstants_resolve() {
        let constants = """
            let globalSegue = "global"
            enum Segue: String { case showDetail, showList = "list"
                case edit }
            struct Identifiers { static let settings = "settings"; enum Nested { static let deep = "deep" } }
            """
        let controller = """
            class ListViewController: UIViewController {
                private enum Constants { static let scanner = "scanner" }
                private let instanceSegue = "instance"
                func go() {
                    let local = "local"
                    performSegue(withIdentifier: globalSegue, sender: nil)
                    performSegue(withIdentifier: Segue.showDetail.rawValue, sender: nil)
                    performSegue(withIdentifier: Segue.showList.rawValue, sender: nil)
                    performSegue(withIdentifier: Segue.edit.rawValue, sender: nil)
                    performSegue(withIdentifier: Identifiers.settings, sender: nil)
                    performSegue(withIdentifier: Identifiers.Nested.deep, sender: nil)
                    performSegue(withIdentifier: Constants.scanner, sender: nil)
                    performSegue(withIdentifier: instanceSegue, sender: nil)
                    performSegue(withIdentifier: self.instanceSegue, sender: nil)
                    performSegue(withIdentifier: local, sender: nil)
                    performSegue(withIdentifier: "literal", sender: nil)
                }
            }
            """
        #expect(resolvedSegues(["/a/Constants.swift": constants, "/a/List.swift": controller]) == [
            "global", "showDetail", "list", "edit", "settings", "deep", "scanner", "instance", "instance", "local", "literal",
        ])
    }

    @Test func whatIsNotASimpleConstant_doesNotResolve() {
        let source = """
            var mutableGlobal = "mutable"
            let computed = makeIdentifier()
            let concatenated = "a" + "b"
            class ListViewController: UIViewController {
                static var staticVar = "x"
                var lazyName: String { "computed" }
                func go(name: String) {
                    var local = "local"
                    performSegue(withIdentifier: mutableGlobal, sender: nil)
                    performSegue(withIdentifier: computed, sender: nil)
                    performSegue(withIdentifier: concatenated, sender: nil)
                    performSegue(withIdentifier: ListViewController.staticVar, sender: nil)
                    performSegue(withIdentifier: lazyName, sender: nil)
                    performSegue(withIdentifier: name, sender: nil)
                    performSegue(withIdentifier: local, sender: nil)
                    performSegue(withIdentifier: undefinedAnywhere, sender: nil)
                    items.forEach { item in performSegue(withIdentifier: item, sender: nil) }
                }
            }
            """
        #expect(resolvedSegues(["/a/List.swift": source]) == Array(repeating: "?", count: 9))
    }

    @Test func parametersAndLocals_shadowGlobalConstants() {
        let source = """
            let identifier = "global"
            class A: UIViewController {
                func go(identifier: String) { performSegue(withIdentifier: identifier, sender: nil) }
                func other() { performSegue(withIdentifier: identifier, sender: nil) }
                func third() {
                    let identifier = compute()
                    performSegue(withIdentifier: identifier, sender: nil)
                }
                func fourth() { for identifier in all { performSegue(withIdentifier: identifier, sender: nil) } }
            }
            """
        #expect(resolvedSegues(["/a/A.swift": source]) == ["?", "global", "?", "?"])
    }

    @Test func sameNamedConstantsInTwoFiles_preferTheirOwnFile_elseMustAgree() {
        let first = "private enum Constants { static let segue = \"first\" }\nclass A: UIViewController { func go() { performSegue(withIdentifier: Constants.segue, sender: nil) } }\n"
        let second = "private enum Constants { static let segue = \"second\" }\nclass B: UIViewController { func go() { performSegue(withIdentifier: Constants.segue, sender: nil) } }\n"
        let third = "class C: UIViewController { func go() { performSegue(withIdentifier: Constants.segue, sender: nil) } }\n"
        #expect(resolvedSegues(["/a/1.swift": first, "/a/2.swift": second, "/a/3.swift": third]) == ["first", "second", "?"])
    }

    @Test func objectiveCConstants_resolve() {
        let header = "extern NSString *const kGlobal;\n#define kDefined @\"defined\"\n"
        let implementation = """
            NSString *const kGlobal = @"global";
            static NSString * const kStatic = @"static";
            @implementation A
            - (void)go:(NSString *)parameter {
                NSString *local = @"local";
                [self performSegueWithIdentifier:kGlobal sender:nil];
                [self performSegueWithIdentifier:kDefined sender:nil];
                [self performSegueWithIdentifier:kStatic sender:nil];
                [self performSegueWithIdentifier:parameter sender:nil];
                [self performSegueWithIdentifier:local sender:nil];
                [self performSegueWithIdentifier:[self name] sender:nil];
            }
            @end
            """
        #expect(resolvedSegues(["/a/A.h": header, "/a/A.m": implementation]) == ["global", "defined", "static", "?", "?", "?"])
    }

    @Test func enclosingTypes_followBraceNesting_andExtensions() {
        let source = """
            class Outer: UIViewController {
                struct Helper { func x() {} }
                func go() { performSegue(withIdentifier: "a", sender: nil) }
            }
            extension Outer {
                func more() { performSegue(withIdentifier: "b", sender: nil) }
            }
            func free() { performSegue(withIdentifier: "c", sender: nil) }
            /* class Fake { func f() { performSegue(withIdentifier: "d", sender: nil) } } */
            let text = "performSegue(withIdentifier: \\"e\\", sender: nil)"
            """
        let index = AppSourceIndex.scan(sources: ["/a/Outer.swift": source])
        #expect(index.segueCalls.map { "\($0.enclosingType ?? "-") \($0.location.line):\($0.location.column)" } == [
            "Outer 3:46", "Outer 6:48", "- 8:44",
        ])
        #expect(index.superclasses == ["Outer": "UIViewController"])
    }

    @Test func runtimeNativeUnwindActions_countAsDeclared() {
        let source = """
            actor ListController: ViewController {
                nonisolated let context: ControllerContext
                nonisolated var unwindActions: Set<String> { ["unwindToList:", "cancel:"] }
            }
            actor DetailController: ViewController {
                nonisolated var unwindActions: Set<String> { return ["unwindToDetail:"] }
            }
            actor Computed: ViewController {
                nonisolated var unwindActions: Set<String> { Set(names) }
            }
            class Legacy: UIViewController {
                @IBAction func goBack(_ segue: UIStoryboardSegue) {}
            }
            """
        let actions = AppSourceIndex.scan(sources: ["/a/A.swift": source]).unwindActions
        #expect(actions["ListController"] == ["unwindToList:", "cancel:"])
        #expect(actions["DetailController"] == ["unwindToDetail:"])
        #expect(actions["Computed"] == nil)
        #expect(actions["Legacy"] == ["goBack:"])
    }

    @Test func tokenizer_keepsStringValues_andUTF8Columns() {
        let tokens = UnwindSourceTokenizer.positionedTokens("let é = \"a\\\"b\" + \"x\\(y)\"\n  @\"objc\"", objectiveC: false)
        #expect(tokens.map { "\($0.kind) \($0.text) \($0.line):\($0.column)" } == [
            "word let 1:1", "word é 1:5", "punctuation = 1:8", "string a\"b 1:10", "punctuation + 1:17", "opaqueString  1:19",
            "string objc 2:3",
        ])
        let objc = UnwindSourceTokenizer.positionedTokens("x = @\"objc\";", objectiveC: true)
        #expect(objc.map { "\($0.kind) \($0.text) \($0.line):\($0.column)" } == [
            "word x 1:1", "punctuation = 1:3", "string objc 1:5", "punctuation ; 1:12",
        ])
    }

    @Test func scanDirectory_skipsDependencyAndBuildFolders() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("app-scan-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for path in ["App/A.swift", "App/B.m", "Pods/P/P.swift", "Carthage/C.swift", ".hidden/H.swift", "App/L.xcloc/X.swift", "App/notes.txt"] {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("class X {}".utf8).write(to: url)
        }
        let names = AppSourceIndex.scan(directory: folder).files.map { URL(fileURLWithPath: $0).lastPathComponent }
        #expect(names == ["A.swift", "B.m"])
    }
}
