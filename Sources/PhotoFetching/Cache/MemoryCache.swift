// Why this exists: the memory level of the cache: decoded thumbnails, least recently used first out, limited by their bytes (not a count), with pinned keys that are never evicted.
import Foundation
import PhotoDecoding

/// On the main actor: lookups happen when rows bind, and evictions change records.
@MainActor
public final class MemoryCache {
    public let limit: Int
    public private(set) var cost = 0
    /// Told of each entry evicted to stay within the limit: every gallery that uses the cache,
    /// for as long as it lives.
    private var evictionObservers: [(owner: Weak, tell: (ImageKey) -> Void)] = []
    private struct Weak { weak var object: AnyObject? }

    /// Tell `tell` of every eviction while `owner` lives (a gallery, which finds its rows by key).
    public func observeEvictions(by owner: AnyObject, _ tell: @escaping (ImageKey) -> Void) {
        evictionObservers.removeAll { $0.owner.object == nil }
        evictionObservers.append((Weak(object: owner), tell))
    }

    private func evicted(_ key: ImageKey) {
        evictionObservers.removeAll { $0.owner.object == nil }
        for observer in evictionObservers { observer.tell(key) }
    }

    /// How many live observers hear of evictions (tests).
    public var evictionObserverCount: Int { evictionObservers.filter { $0.owner.object != nil }.count }

    /// A doubly linked list, most recently used at the head.
    private final class Node {
        let key: ImageKey
        let image: Thumbnail
        let cost: Int
        var newer: Node?
        weak var older: Node?
        init(key: ImageKey, image: Thumbnail) {
            self.key = key
            self.image = image
            cost = image.byteCount
        }
    }
    private var nodes: [ImageKey: Node] = [:]
    private var head: Node?   // most recent
    private var tail: Node?   // least recent
    private var pinned: Set<ImageKey> = []

    public init(limit: Int) { self.limit = max(0, limit) }

    public var count: Int { nodes.count }

    /// The image, marked as just used.
    public func image(for key: ImageKey) -> Thumbnail? {
        guard let node = nodes[key] else { return nil }
        unlink(node)
        pushFront(node)
        return node.image
    }

    /// Whether `key` is cached, without marking it used.
    public func contains(_ key: ImageKey) -> Bool { nodes[key] != nil }

    public func insert(_ image: Thumbnail, for key: ImageKey) {
        if let old = nodes.removeValue(forKey: key) {
            unlink(old)
            cost -= old.cost
        }
        let node = Node(key: key, image: image)
        nodes[key] = node
        pushFront(node)
        cost += node.cost
        trim()
    }

    /// Keys never evicted (the rows on screen and in the prefetch band). Unpinning may evict.
    public func setPinned(_ keys: Set<ImageKey>) {
        pinned = keys
        trim()
    }

    /// Drop every image made from `url` (its file changed on disk), without telling `onEvicted`.
    public func remove(url: String) {
        for (key, node) in nodes where key.url == url {
            unlink(node)
            nodes[key] = nil
            cost -= node.cost
        }
    }

    public func removeAll() {
        nodes.removeAll()
        head = nil
        tail = nil
        cost = 0
    }

    private func pushFront(_ node: Node) {
        node.older = nil
        node.newer = nil
        if let head {
            head.newer = node
            node.older = head
        } else {
            tail = node
        }
        head = node
    }

    private func unlink(_ node: Node) {
        if head === node { head = node.older }
        if tail === node { tail = node.newer }
        node.newer?.older = node.older
        node.older?.newer = node.newer
        node.newer = nil
        node.older = nil
    }

    /// Evict least recently used, unpinned entries until within the limit (pinned ones may
    /// keep it over: a visible row is never blanked).
    private func trim() {
        var candidate = tail
        while cost > limit, let node = candidate {
            candidate = node.newer
            guard !pinned.contains(node.key) else { continue }
            unlink(node)
            nodes[node.key] = nil
            cost -= node.cost
            evicted(node.key)
        }
    }
}
