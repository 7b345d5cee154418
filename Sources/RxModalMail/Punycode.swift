import Foundation

/// RFC 3492 Punycode, for sending internationalized domain names in their ASCII form.
///
/// Labels are lowercased and put in Unicode NFC first; the full IDNA 2008 mapping
/// tables are not applied (a simplification: well-formed names typed by people
/// come out right). Pure functions: usable from any thread.
enum Punycode {
    /// `bücher.example` → `xn--bcher-kva.example`; nil when a label cannot be encoded.
    static func asciiDomain(_ domain: String) -> String? {
        var labels: [String] = []
        for label in domain.split(separator: ".", omittingEmptySubsequences: false) {
            let normalized = String(label).precomposedStringWithCanonicalMapping.lowercased()
            if normalized.unicodeScalars.allSatisfy(\.isASCII) {
                labels.append(normalized)
            } else {
                guard let encoded = encode(normalized) else { return nil }
                labels.append("xn--" + encoded)
            }
        }
        return labels.joined(separator: ".")
    }

    private static let base = 36, tMin = 1, tMax = 26, skew = 38, damp = 700
    private static let initialBias = 72, initialN = 128

    private static func digit(_ value: Int) -> Character {
        let scalar = value < 26 ? UInt32(97 + value) : UInt32(22 + value) // a-z, 0-9
        return Character(Unicode.Scalar(scalar)!)
    }

    private static func adapt(_ delta: Int, _ count: Int, _ first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    static func encode(_ input: String) -> String? {
        let codePoints = input.unicodeScalars.map { Int($0.value) }
        var output = String(input.unicodeScalars.filter(\.isASCII).map(Character.init))
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append("-") }
        var n = initialN, delta = 0, bias = initialBias
        while handled < codePoints.count {
            guard let m = codePoints.filter({ $0 >= n }).min() else { return nil }
            let (product, overflow) = (m - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow else { return nil }
            delta += product
            n = m
            for c in codePoints {
                if c < n { delta += 1 }
                if c == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                        if q < t { break }
                        output.append(digit(t + (q - t) % (base - t)))
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output.append(digit(q))
                    bias = adapt(delta, handled + 1, handled == basicCount)
                    delta = 0
                    handled += 1
                }
            }
            delta += 1
            n += 1
        }
        return output
    }
}
