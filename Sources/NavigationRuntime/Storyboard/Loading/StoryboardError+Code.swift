// NavigationRuntime: storyboard errors.

extension StoryboardError {
    /// The reason for a ``StoryboardError``. A struct over a private enum, so that adding a
    /// code is not a source-breaking change.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Storage: String, Hashable, Sendable {
            case unreadableFile, malformedXML, notAStoryboard, forbiddenDocumentType, forbiddenEntity
            case missingAttribute, missingDestination, missingController, multipleControllers
            case duplicateElementID, segueOutsideScene, relationshipCycle, invalidReferenceName
            case referencedFileNotFound, referencedIdentifierNotFound, referenceCycle
            case containmentTooDeep, invalidAttribute
        }

        private let storage: Storage
        private init(_ storage: Storage) { self.storage = storage }

        /// The file could not be read.
        public static let unreadableFile = Self(.unreadableFile)
        /// The XML is not well-formed (includes truncated files).
        public static let malformedXML = Self(.malformedXML)
        /// Well-formed XML whose root is not an Interface Builder storyboard document.
        public static let notAStoryboard = Self(.notAStoryboard)
        /// The document has a `<!DOCTYPE>` (storyboards never do; refused before parsing).
        public static let forbiddenDocumentType = Self(.forbiddenDocumentType)
        /// The document declares entities (`<!ENTITY`): refused before parsing (no XXE, no billion laughs).
        public static let forbiddenEntity = Self(.forbiddenEntity)
        /// A required attribute is absent (a scene's `sceneID`, a controller's or segue's `id`, ...).
        public static let missingAttribute = Self(.missingAttribute)
        /// A segue has no `destination` attribute.
        public static let missingDestination = Self(.missingDestination)
        /// A scene has no controller.
        public static let missingController = Self(.missingController)
        /// A scene has more than one controller.
        public static let multipleControllers = Self(.multipleControllers)
        /// Two controllers, exits or segues share an element id.
        public static let duplicateElementID = Self(.duplicateElementID)
        /// A segue with a kind outside any scene.
        public static let segueOutsideScene = Self(.segueOutsideScene)
        /// Relationship or embed segues form a cycle (a controller would contain itself), in one
        /// storyboard or through storyboard references
        /// (``StoryboardBundle/containmentProblems()``).
        public static let relationshipCycle = Self(.relationshipCycle)
        /// A storyboard reference's name is empty or contains `/`, `\`, `..` or a NUL.
        public static let invalidReferenceName = Self(.invalidReferenceName)
        /// A storyboard reference names a file that is not in the storyboard's folder.
        public static let referencedFileNotFound = Self(.referencedFileNotFound)
        /// A storyboard reference names an identifier (or an initial controller) that the
        /// referenced storyboard does not have.
        public static let referencedIdentifierNotFound = Self(.referencedIdentifierNotFound)
        /// Storyboard references lead back to themselves (`A -> B -> A`): UIKit would recurse
        /// until it crashes.
        public static let referenceCycle = Self(.referenceCycle)
        /// A scene's containment (relationship and embed segues, through references) is deeper
        /// than ``Window/maximumDepth``: no window can hold it, so it is never instantiated.
        public static let containmentTooDeep = Self(.containmentTooDeep)

        /// An attribute has a value Interface Builder never writes (a page view controller's
        /// `transitionStyle="sideways"`).
        public static let invalidAttribute = Self(.invalidAttribute)

        /// The code's name, e.g. `malformedXML`.
        public var description: String { storage.rawValue }
    }
}
