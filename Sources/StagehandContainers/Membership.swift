import StagehandAnimation
import StagehandSystem

/// The rule that a content is in at most one container at a time, kept across all containers of the process.
enum Membership {
  private static let owners = Locked<[ObjectIdentifier: (container: ObjectIdentifier, name: String)]>([:])

  /// Records that `content` joins the container `container` named `name`, unless another container has it: then
  /// returns that container's name.
  static func join(_ content: any Content, container: AnyObject, name: String) -> String? {
    owners.withLock { owners in
      let key = ObjectIdentifier(content)
      if let owner = owners[key], owner.container != ObjectIdentifier(container) { return owner.name }
      owners[key] = (ObjectIdentifier(container), name)
      return nil
    }
  }

  /// Where `content` is, if it is in a container other than `container`.
  static func otherOwner(of content: any Content, than container: AnyObject) -> String? {
    owners.withLock { owners in
      guard let owner = owners[ObjectIdentifier(content)], owner.container != ObjectIdentifier(container) else {
        return nil
      }
      return owner.name
    }
  }

  /// Records that `content` left its container.
  static func leave(_ content: any Content) {
    _ = owners.withLock { $0.removeValue(forKey: ObjectIdentifier(content)) }
  }

  /// Records that every content of `container` left it (the container is gone).
  static func leaveAll(of container: ObjectIdentifier) {
    owners.withLock { owners in owners = owners.filter { $0.value.container != container } }
  }
}
