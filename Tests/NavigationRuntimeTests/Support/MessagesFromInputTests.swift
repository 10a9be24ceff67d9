import Foundation
import NavigationRuntime
import Testing

/// A message that echoes input (an identifier, a storyboard's attribute, a file name, a
/// snapshot's text, a URL) is one line of bounded size: what a log line or a terminal could take
/// for more than a character is escaped, and a huge text is cut (a new user's trials forged log
/// lines and set a terminal's title through them).
@Suite struct MessagesFromInputTests {
    /// Control characters (C0, DEL, C1), line and paragraph separators and bidirectional
    /// overrides, each escaped as in JSON; other text, quotes and backslashes as they are.
    static let hostile = "a\n\r\tb\u{0}c\u{1B}]0;title\u{7}d\u{7F}e\u{85}f\u{9B}g\u{2028}h\u{2029}i\u{202E}j\u{2066}k é 'q' \"r\" \\s"
    static let escaped = #"a\n\r\tb\u0000c\u001b]0;title\u0007d\u007fe\u0085f\u009bg\u2028h\u2029i\u202ej\u2066k é 'q' "r" \s"#

    @Test func aNavigationErrorMessage_isOneLine_andBounded() {
        let error = NavigationError(.unknownSegueIdentifier, "no segue '\(Self.hostile)'")
        #expect(error.message == "no segue '\(Self.escaped)'")
        #expect(error.description == "NavigationError(unknownSegueIdentifier): no segue '\(Self.escaped)'")
        let plain = "Receiver (#1 Home) has no segue with identifier 'nope'"
        #expect(NavigationError(.unknownSegueIdentifier, plain).message == plain)

        let huge = NavigationError(.unknownStoryboardIdentifier, "no scene '" + String(repeating: "x", count: 1_000_000) + "'")
        #expect(huge.message == "no scene '" + String(repeating: "x", count: 1_990) + "… (1000011 characters)")
    }

    @Test func aStoryboardErrorAndALintFinding_areOneLine() {
        let error = StoryboardError(.malformedXML, "bad '\(Self.hostile)'", file: "evil\nfile\u{1B}[31m.storyboard", line: 3, column: 9)
        #expect(error.message == "bad '\(Self.escaped)'")
        #expect(error.description == #"evil\nfile\u001b[31m.storyboard:3:9: error: bad '"# + Self.escaped + "' [malformedXML]")
        let finding = StoryboardDiagnostic(.error, ruleID: "duplicate-storyboard-identifier", message: "id '\(Self.hostile)'", location: nil)
        #expect(finding.message == "id '\(Self.escaped)'")
        var edited = finding
        edited.message = "later\nedit"
        #expect(edited.description == #"<storyboard>:1:1: error: later\nedit [duplicate-storyboard-identifier]"#)
    }

    @Test func aRestorationProblem_quotesAndEscapesItsText() {
        let problem = RestorationProblem(path: "root", controller: nil, reason: .unknownScene(Self.hostile))
        #expect(problem.description == #"root: unknownScene(""# + Self.escaped.replacingOccurrences(of: "\"r\"", with: #"\"r\""#).replacingOccurrences(of: #"\s"#, with: #"\\s"#) + #"")"#)
    }

    /// A deep problem's path repeats a step: its description writes the run once with its count.
    @Test func aDeepPath_isShortenedInTheDescription_keptWholeInThePath() {
        let path = "root" + String(repeating: ".children[0]", count: 194) + ".presented.presented.children[1]"
        let problem = RestorationProblem(path: path, controller: ControllerID(196), reason: .duplicateID(firstAt: "root" + String(repeating: ".presented", count: 5)))
        #expect(problem.path == path)
        #expect(problem.description == #"root(.children[0])×194.presented.presented.children[1] (#196): duplicateID(firstAt: "root(.presented)×5")"#)
        #expect(RestorationProblem(path: "root.children[0].children[0]", controller: nil, reason: .missingScene).description == "root.children[0].children[0]: missingScene")
    }

    /// The runtime's enums print by their case wherever they are held (an outcome, a change,
    /// an array), not module-qualified (a new user's log lines read
    /// `NavigationRuntime.PresentationStyle.pageSheet`).
    @Test func enumsHeldInAValue_printByTheirCase() {
        #expect("\(RestorationProblem.Reason.unexpectedPresentationStyle(.popover))" == "unexpectedPresentationStyle(popover)")
        #expect("\([PresentationStyle.pageSheet, .formSheet])" == "[pageSheet, formSheet]")
        #expect("\([TransitionStyle.crossDissolve])" == "[crossDissolve]")
        #expect("\([AppearanceState.appeared])" == "[appeared]")
        #expect("\([SplitColumn.primary])" == "[primary]")
        #expect("\([BusyPolicy.dropIfBusy])" == "[dropIfBusy]")
        #expect("\([Traits.SizeClass.compact])" == "[compact]")
        #expect("\([PageViewController.NavigationDirection.forward])" == "[forward]")
    }
}
