import SwiftPluginSupport
import RxModalMedia
import MediaPluginSupport

/// The value form of a ``PhotoFilter`` (see its documentation), decoded with a
/// clear reason for anything malformed. Stateless; use from any thread.
enum PhotoFilterValue {
    enum Problem: Error { case invalid(String) }

    static func decode(_ value: PluginValue, depth: Int = 0) throws -> PhotoFilter {
        guard depth < 32 else { throw Problem.invalid("the filter is nested too deeply") }
        switch value {
        case .string("images"): return .images
        case .string("videos"): return .videos
        case .string("screenshots"): return .screenshots
        case .string(let other):
            throw Problem.invalid("unknown filter “\(other)”: use images, videos, screenshots, {\"any\": […]}, {\"all\": […]} or {\"not\": …}")
        case .object(let members) where members.count == 1:
            let (key, inner) = members[0]
            switch (key, inner) {
            case ("any", .array(let items)): return .any(try items.map { try decode($0, depth: depth + 1) })
            case ("all", .array(let items)): return .all(try items.map { try decode($0, depth: depth + 1) })
            case ("not", let item): return .not(try decode(item, depth: depth + 1))
            default: throw Problem.invalid("a filter object is {\"any\": […]}, {\"all\": […]} or {\"not\": …}, not “\(key)”")
            }
        default:
            throw Problem.invalid("a filter is a string or an object with one key (any, all or not)")
        }
    }
}
