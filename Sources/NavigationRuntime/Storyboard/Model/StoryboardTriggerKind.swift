// NavigationRuntime: storyboard value model.

/// What kind of element triggers a segue: the owner of the `<connections>` holding it.
public enum StoryboardTriggerKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// A control: a button, a segmented control, a switch, ...
    case control
    /// A table view cell (selection or accessory action).
    case tableViewCell
    /// A collection view cell.
    case collectionViewCell
    /// A bar button item.
    case barButtonItem
    /// A gesture recognizer.
    case gestureRecognizer
    /// A container view (embed segues).
    case containerView
    /// The controller itself: the segue sits in the controller's own `<connections>`;
    /// it is performed from code (or is a relationship).
    case controller
    /// Any other element.
    case other

    /// Maps an Interface Builder element name to a trigger kind.
    /// - Parameter elementName: The name of the element that owns the `<connections>`.
    /// - Returns: The trigger kind; ``other`` for names it does not know.
    public static func forElement(named elementName: String) -> Self {
        switch elementName {
        case "tableViewCell": return .tableViewCell
        case "collectionViewCell", "collectionReusableView": return .collectionViewCell
        case "barButtonItem", "tabBarItem": return .barButtonItem
        case "containerView": return .containerView
        case "button", "segmentedControl", "switch", "slider", "stepper", "textField", "control",
            "datePicker", "pageControl", "searchBar":
            return .control
        default:
            return elementName.hasSuffix("GestureRecognizer") ? .gestureRecognizer : .other
        }
    }
}
