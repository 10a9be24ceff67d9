// NavigationRuntime: Interface Builder loader, XML scanner.

/// A start tag read by ``StoryboardXMLScanner``.
struct StoryboardXMLElement {
    /// The element's name, e.g. `segue`.
    var name: String
    /// The byte offset of the `<` that opens the start tag.
    var offset: Int
    /// The 1-based line of the `<`.
    var line: Int
    /// The 1-based column (byte offset within the line) of the `<`.
    var column: Int
    /// The attributes, decoded on demand.
    var attributes: StoryboardXMLAttributes
}

/// The attributes of one start tag: byte ranges into the document (a shared array, not a copy),
/// decoded to a `String` only when looked up. Values were already checked by the scanner.
struct StoryboardXMLAttributes {
    /// One attribute's name and value bytes (the value without its quotes).
    struct Entry {
        var name: Range<Int>
        var value: Range<Int>
        /// Whether the value holds a reference or a literal tab, CR or LF to normalize.
        var needsDecoding: Bool
    }

    let bytes: [UInt8]
    let entries: [Entry]

    /// The number of attributes.
    var count: Int { entries.count }

    /// The decoded value of the attribute `name`, or `nil`.
    subscript(name: String) -> String? {
        let key = name.utf8
        let length = key.count
        for entry in entries where entry.name.count == length && bytes[entry.name].elementsEqual(key) {
            return value(entry)
        }
        return nil
    }

    /// Every attribute as a dictionary (the shape XMLParser reports).
    var dictionary: [String: String] {
        var result: [String: String] = [:]
        for entry in entries { result[String(decoding: bytes[entry.name], as: UTF8.self)] = value(entry) }
        return result
    }

    /// The attribute names in document order.
    var names: [String] { entries.map { String(decoding: bytes[$0.name], as: UTF8.self) } }

    /// The value with references replaced and literal tabs, CRs and LFs normalized to spaces (a
    /// CR LF pair to one space), as XML's attribute-value normalization requires.
    private func value(_ entry: Entry) -> String {
        guard entry.needsDecoding else { return String(decoding: bytes[entry.value], as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(entry.value.count)
        var position = entry.value.lowerBound
        let end = entry.value.upperBound
        while position < end {
            let byte = bytes[position]
            switch byte {
            case XMLByte.ampersand:
                // Checked by the scanner; a reference that does not decode is kept as written.
                guard let (scalar, next) = StoryboardXMLScanner.decodeReference(bytes, at: position), next <= end,
                    let character = Unicode.Scalar(scalar)
                else {
                    decoded.append(byte)
                    position += 1
                    continue
                }
                UTF8.encode(character) { decoded.append($0) }
                position = next
                continue
            case XMLByte.carriageReturn:
                decoded.append(XMLByte.space)
                if position + 1 < end, bytes[position + 1] == XMLByte.newline { position += 1 }
            case XMLByte.tab, XMLByte.newline:
                decoded.append(XMLByte.space)
            default:
                decoded.append(byte)
            }
            position += 1
        }
        return String(decoding: decoded, as: UTF8.self)
    }
}
