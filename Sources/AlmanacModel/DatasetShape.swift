import AlmanacCore

/// Rows as a data file presents them: either one flat list, or sections already named by the
/// author (pre-grouped data keeps its sections and their order).
public enum DatasetShape: Sendable {
    case rows([Record])
    case sections([(title: String, records: [Record])])

    /// Reads the shape of a JSON, YAML or property-list document:
    /// - an array of objects: rows;
    /// - an object whose values are all arrays: pre-grouped sections (scalars in them become rows
    ///   with one field, `name`);
    /// - an object keyed by row label whose values are objects, or arrays named by `columns`:
    ///   rows, the key stored in the field `keyField`.
    public static func of(
        _ value: Value, at location: SourceLocation, columns: [String]?, keyField: String
    ) throws(Diagnostic) -> DatasetShape {
        switch value {
        case .list(let items):
            return .rows(try rows(items, at: location, context: "the data"))
        case .object(let object):
            if let columns {
                return .rows(try keyedRows(object, columns: columns, keyField: keyField, at: location))
            }
            let isGrouped = !object.isEmpty && object.fields.allSatisfy { $0.value.listValue != nil }
            if isGrouped {
                var sections: [(title: String, records: [Record])] = []
                for field in object.fields {
                    sections.append((field.name, try rows(field.value.listValue ?? [], at: location, context: "section '\(field.name)'")))
                }
                return .sections(sections)
            }
            return .rows(try keyedRows(object, columns: nil, keyField: keyField, at: location))
        case .null:
            return .rows([])
        default:
            throw .error(
                at: location, "the data is \(value.kindName), expected an array of records or an object",
                hint: "write [ {\"name\": …}, … ] or { \"Section\": [ … ] }")
        }
    }

    private static func rows(_ items: [Value], at location: SourceLocation, context: String) throws(Diagnostic) -> [Record] {
        var records = RecordTable.Builder()
        for (index, item) in items.enumerated() {
            switch item {
            case .object(let object):
                records.append(object, at: location)
            case .list, .null:
                throw .error(at: location, "record \(index + 1) of \(context) is \(item.kindName), expected an object")
            default:
                records.append(Object([Object.Field(name: "name", value: item)]), at: location)
            }
        }
        return records.finish()
    }

    private static func keyedRows(_ object: Object, columns: [String]?, keyField: String, at location: SourceLocation) throws(Diagnostic) -> [Record] {
        var records = RecordTable.Builder()
        for field in object.fields {
            var fields = [Object.Field(name: keyField, value: .string(field.name))]
            switch field.value {
            case .object(let values):
                fields += values.fields.filter { $0.name != keyField }
            case .list(let values):
                guard let columns else {
                    throw .error(at: location, "'\(field.name)' holds a list; name its positions with `columns:`", hint: "e.g. columns: [email, phone]")
                }
                guard values.count <= columns.count else {
                    throw .error(at: location, "'\(field.name)' has \(values.count) values but `columns` names \(columns.count)")
                }
                for (name, value) in zip(columns, values) { fields.append(Object.Field(name: name, value: value)) }
            default:
                fields.append(Object.Field(name: columns?.first ?? "value", value: field.value))
            }
            records.append(Object(fields), at: location)
        }
        return records.finish()
    }
}
