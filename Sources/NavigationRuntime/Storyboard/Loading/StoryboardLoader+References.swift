// NavigationRuntime: Interface Builder loader, storyboard references.

import Foundation

extension StoryboardLoader {
    /// Whether a storyboard reference name is a plain file name: not empty, no `/`, no `\`,
    /// no `..`, no NUL. References never leave the referring storyboard's folder.
    /// - Parameter name: The `storyboardName` attribute.
    /// - Returns: `true` when the name is acceptable.
    public static func isValidReferenceName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains("/") && !name.contains("\\") && !name.contains("..")
            && !name.contains("\0")
    }

    /// Resolves a storyboard reference against the sibling files of the referring storyboard.
    ///
    /// A reference with no storyboard name points into `storyboard` itself. Otherwise the
    /// file is `directory/<storyboardName>.storyboard`, and it must be a regular file (not a
    /// FIFO or device) in that very folder (after resolving symbolic links). The target is the scene with the
    /// `referencedIdentifier`, or the referenced storyboard's initial controller.
    /// - Parameters:
    ///   - placeholder: A scene whose ``StoryboardScene/reference`` is set.
    ///   - storyboard: The referring storyboard.
    ///   - directory: The folder to look in; defaults to the folder of ``Storyboard/file``.
    /// - Returns: The target file and controller id.
    /// - Throws: ``StoryboardError`` (`.invalidReferenceName`, `.referencedFileNotFound`,
    ///   `.referencedIdentifierNotFound`, or any load error of the referenced file).
    public static func resolveReference(
        _ placeholder: StoryboardScene, in storyboard: Storyboard, directory: URL? = nil
    ) throws(StoryboardError) -> StoryboardResolvedReference {
        var cache: [String: Storyboard] = [:]
        return try resolveReference(placeholder, in: storyboard, directory: directory, cache: &cache)
    }

    /// ``resolveReference(_:in:directory:)`` with a cache of loaded files (keyed by path).
    static func resolveReference(
        _ placeholder: StoryboardScene, in storyboard: Storyboard, directory: URL?, cache: inout [String: Storyboard]
    ) throws(StoryboardError) -> StoryboardResolvedReference {
        let location = placeholder.controllerLocation ?? placeholder.location
        let reference = placeholder.reference ?? StoryboardReference(storyboardName: nil)
        let target: Storyboard
        let targetFile: String
        if let name = reference.storyboardName {
            guard isValidReferenceName(name) else {
                throw StoryboardError(.invalidReferenceName, "storyboard reference name '\(name)' must be a plain file name in the same folder", at: location)
            }
            guard let folder = directory ?? storyboard.file.map({ URL(fileURLWithPath: $0).deletingLastPathComponent() }) else {
                throw StoryboardError(.referencedFileNotFound, "storyboard '\(name)' cannot be found: the storyboard has no folder", at: location)
            }
            let url = folder.appendingPathComponent(name + ".storyboard")
            let resolvedFolder = folder.standardizedFileURL.resolvingSymlinksInPath().path
            let resolvedFile = url.standardizedFileURL.resolvingSymlinksInPath()
            // A regular file only: a FIFO or device named by a reference must not block the loader.
            let type = (try? FileManager.default.attributesOfItem(atPath: resolvedFile.path))?[.type] as? FileAttributeType
            guard resolvedFile.deletingLastPathComponent().path == resolvedFolder, type == .typeRegular else {
                throw StoryboardError(.referencedFileNotFound, "referenced storyboard '\(name).storyboard' is not in \(folder.path)", at: location)
            }
            targetFile = url.path
            if let cached = cache[targetFile] {
                target = cached
            } else {
                target = try load(contentsOf: url)
                cache[targetFile] = target
            }
        } else {
            target = storyboard
            targetFile = storyboard.file ?? "<memory>"
        }
        let controllerID: String?
        if let identifier = reference.referencedIdentifier {
            controllerID = target.scene(storyboardIdentifier: identifier)?.controllerID
            guard let controllerID, controllerID != placeholder.controllerID || reference.storyboardName != nil else {
                throw StoryboardError(.referencedIdentifierNotFound, "storyboard '\(reference.storyboardName ?? "(this)")' has no controller with identifier '\(identifier)'", at: location)
            }
        } else {
            controllerID = target.initialScene?.controllerID
            guard controllerID != nil, reference.storyboardName != nil else {
                throw StoryboardError(.referencedIdentifierNotFound, "storyboard '\(reference.storyboardName ?? "(this)")' has no initial view controller to reference", at: location)
            }
        }
        return StoryboardResolvedReference(placeholderID: placeholder.controllerID, file: targetFile, controllerID: controllerID ?? "")
    }
}
