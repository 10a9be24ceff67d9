// NavigationRuntime: Interface Builder loader, source positions.

import Foundation

/// Moves element locations to the `<` that opens each start tag.
///
/// XMLParser (libxml2) reports the position just after a start tag's `>` when it calls
/// `didStartElement`; diagnostics should point at the tag itself. Attribute values cannot hold
/// an unescaped `<`, so the opening `<` is the nearest one before the reported position. Columns
/// are 1-based byte offsets within the line, as swiftc reports them.
struct StoryboardLocationFixer {
    private let lineStarts: [Int]

    init(_ data: Data) {
        var starts = [0]
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count, let found = memchr(base + offset, 0x0A, raw.count - offset) {
                offset = base.distance(to: UnsafeRawPointer(found)) + 1
                starts.append(offset)
            }
        }
        lineStarts = starts
    }

    /// The location of the `<` before `location`, or `location` if it cannot be found.
    func tagStart(_ location: StoryboardSourceLocation, in bytes: UnsafeRawBufferPointer) -> StoryboardSourceLocation {
        guard location.line >= 1, location.line <= lineStarts.count else { return location }
        var offset = min(lineStarts[location.line - 1] + max(location.column - 1, 0), bytes.count) - 1
        while offset >= 0, bytes[offset] != 0x3C { offset -= 1 }
        guard offset >= 0 else { return location }
        // The line that holds the offset: the last line start <= offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return StoryboardSourceLocation(file: location.file, line: low + 1, column: offset - lineStarts[low] + 1)
    }

    /// The storyboard with every scene, controller and segue location moved to its tag's `<`.
    static func fix(_ storyboard: Storyboard, data: Data) -> Storyboard {
        let fixer = StoryboardLocationFixer(data)
        var fixed = storyboard
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            func move(_ location: inout StoryboardSourceLocation?) {
                if let current = location { location = fixer.tagStart(current, in: bytes) }
            }
            for sceneIndex in fixed.scenes.indices {
                move(&fixed.scenes[sceneIndex].location)
                move(&fixed.scenes[sceneIndex].controllerLocation)
                for segueIndex in fixed.scenes[sceneIndex].segues.indices {
                    move(&fixed.scenes[sceneIndex].segues[segueIndex].location)
                }
            }
        }
        return fixed
    }
}
