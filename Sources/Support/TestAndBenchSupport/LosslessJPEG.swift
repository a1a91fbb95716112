// Why this exists: a camera's mosaic compressed as DNG's compression 7 holds it (lossless JPEG, ITU T.81's process 14, "LJ92"), so the tests and the benchmark can make DNGs as cameras and Adobe's converter write them, without a camera or a library that writes one.
import Foundation

public enum LosslessJPEG {
    /// `samples` (16-bit, `width` × `height`, `width` even) as one lossless JPEG: each row's
    /// samples as two interleaved components, as Adobe's converter writes a Bayer row, so each is
    /// predicted from the same colour beside it (predictor 1; the first column from above).
    public static func encode(_ samples: [UInt16], width: Int, height: Int) -> [UInt8] {
        precondition(width % 2 == 0 && samples.count == width * height && width / 2 <= 65_535 && height <= 65_535)
        // Each sample's difference from its prediction, as its category (bits) and its bits.
        var categories = [UInt8](repeating: 0, count: samples.count)
        var differences = [Int32](repeating: 0, count: samples.count)
        samples.withUnsafeBufferPointer { sample in
            for y in 0..<height {
                let row = y * width
                for x in 0..<width {
                    let predicted: Int32 = x >= 2 ? Int32(sample[row + x - 2]) : (y > 0 ? Int32(sample[row - width + x]) : 1 << 15)
                    var difference = (Int32(sample[row + x]) - predicted) & 0xFFFF
                    if difference >= 1 << 15 { difference -= 1 << 16 }
                    let category = difference == 0 ? 0 : (difference == -(1 << 15) ? 16 : 32 - UInt32(abs(difference)).leadingZeroBitCount)
                    categories[row + x] = UInt8(category)
                    differences[row + x] = difference
                }
            }
        }
        let table = HuffmanTable(counting: categories)
        var out: [UInt8] = [0xFF, 0xD8]
        out += [0xFF, 0xC4] + be(UInt16(2 + 1 + 16 + table.symbols.count)) + [0x00] + table.lengthCounts + table.symbols
        out += [0xFF, 0xC3] + be(14) + [16] + be(UInt16(height)) + be(UInt16(width / 2)) + [2, 1, 0x11, 0, 2, 0x11, 0]
        out += [0xFF, 0xDA] + be(10) + [2, 1, 0x00, 2, 0x00, 1, 0, 0]
        var writer = BitWriter()
        writer.bytes.reserveCapacity(samples.count)
        for index in categories.indices {
            let category = Int(categories[index])
            writer.put(table.codes[category], count: Int(table.lengths[category]))
            if category > 0, category < 16 {
                let difference = differences[index]
                let bits = difference >= 0 ? UInt32(difference) : UInt32(bitPattern: difference - 1) & ((1 << UInt32(category)) - 1)
                writer.put(bits, count: category)
            }
        }
        writer.finish()
        return out + writer.bytes + [0xFF, 0xD9]
    }

    private static func be(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    /// A canonical Huffman code for the categories that occur (T.81's Annex K: a reserved
    /// symbol takes the all-ones code), its lengths capped at 16 by moving leaves up.
    struct HuffmanTable {
        /// The categories in the order of their codes, and how many codes there are of each length 1…16.
        var symbols: [UInt8] = [], lengthCounts = [UInt8](repeating: 0, count: 16)
        var codes = [UInt32](repeating: 0, count: 17), lengths = [UInt8](repeating: 0, count: 17)

        init(counting categories: [UInt8]) {
            var counts = [Int](repeating: 0, count: 17)
            for category in categories { counts[Int(category)] += 1 }
            // Leaves: each category that occurs, and the reserved one (17), counted once.
            let leaves = (0...16).filter { counts[$0] > 0 } + [17]
            var weight = leaves.map { $0 == 17 ? 1 : counts[$0] }
            var parent = [Int](repeating: -1, count: leaves.count), live = Array(leaves.indices)
            while live.count > 1 {
                live.sort { weight[$0] != weight[$1] ? weight[$0] < weight[$1] : $0 > $1 }
                let (a, b) = (live[0], live[1])
                weight.append(weight[a] + weight[b])
                parent.append(-1)
                parent[a] = weight.count - 1
                parent[b] = weight.count - 1
                live = [weight.count - 1] + live.dropFirst(2)
            }
            var depth = leaves.indices.map { leaf in
                var length = 0, node = leaf
                while parent[node] >= 0 { node = parent[node]; length += 1 }
                return max(length, 1)
            }
            // Annex K.3's adjustment: while a code is longer than 16, take two leaves of the
            // longest length and one shorter, and rebalance (the Kraft sum is kept).
            var perLength = [Int](repeating: 0, count: 64)
            for length in depth { perLength[length] += 1 }
            var longest = perLength.lastIndex { $0 > 0 } ?? 1
            while longest > 16 {
                var shorter = longest - 2
                while perLength[shorter] == 0 { shorter -= 1 }
                perLength[longest] -= 2
                perLength[longest - 1] += 1
                perLength[shorter + 1] += 2
                perLength[shorter] -= 1
                if perLength[longest] == 0 { longest -= 1 }
            }
            // The leaves, commonest first (the reserved one last), get the lengths shortest first.
            let order = leaves.indices.sorted { leaves[$0] == 17 ? false : leaves[$1] == 17 ? true : weight[$0] != weight[$1] ? weight[$0] > weight[$1] : $0 < $1 }
            var lengthsInOrder: [Int] = []
            for length in 1...16 { lengthsInOrder += Array(repeating: length, count: perLength[length]) }
            depth = lengthsInOrder
            var code: UInt32 = 0, length = 1
            for (rank, leaf) in order.enumerated() {
                while length < depth[rank] {
                    code <<= 1
                    length += 1
                }
                lengthCounts[length - 1] += 1
                code += 1
                guard leaves[leaf] != 17 else { lengthCounts[length - 1] -= 1; break }
                symbols.append(UInt8(leaves[leaf]))
                codes[leaves[leaf]] = code - 1
                lengths[leaves[leaf]] = UInt8(length)
            }
        }
    }

    /// Bits written high first, a 0 after each 0xFF byte (T.81's stuffing), the last byte padded with ones.
    struct BitWriter {
        var bytes: [UInt8] = []
        private var pending: UInt64 = 0, count = 0

        mutating func put(_ bits: UInt32, count bitCount: Int) {
            pending = (pending << UInt64(bitCount)) | UInt64(bits & UInt32((UInt64(1) << UInt64(bitCount)) - 1))
            count += bitCount
            while count >= 8 {
                count -= 8
                let byte = UInt8((pending >> UInt64(count)) & 0xFF)
                bytes.append(byte)
                if byte == 0xFF { bytes.append(0) }
            }
            pending &= (UInt64(1) << UInt64(count)) - 1
        }

        mutating func finish() {
            if count > 0 { put((1 << UInt32(8 - count)) - 1, count: 8 - count) }
        }
    }
}
