extension Container {
  /// Builds every `.single` component visible from this container now (its own and its
  /// parents'), instead of on first use; traps with the diagnostic if one cannot be built. Call
  /// it at the end of the composition root so that start-up pays for them, and finds a failure,
  /// not the first request.
  ///
  /// ```swift
  /// container.register(Forge.init).lifetime(.single)
  /// container.register(Chronicle.init).lifetime(.single)
  /// container.initializeSingletons()   // the forge and the chronicle are built here
  /// ```
  ///
  /// Squire has one `.single`: built on first use, unless this builds them all. (DITranquillity
  /// has two, `.perRun` built on first use and `.single` at `initializeSingletonObjects()`.) One
  /// that must not be built at start-up is given another lifetime: `.perContainer`, registered
  /// in the root container, is one instance made on first use (a child container makes its
  /// own).
  public func initializeSingletons() {
    do {
      try tryInitializeSingletons()
    } catch {
      fatalError(error.description)
    }
  }

  /// Builds every `.single` component visible from this container now, from async code: async
  /// factories are awaited and isolated ones run on their actor. Traps with the diagnostic if
  /// one cannot be built.
  ///
  /// ```swift
  /// container.register { () async -> Database in await Database.connect() }.lifetime(.single)
  /// await container.initializeSingletons()   // connected here
  /// ```
  public func initializeSingletons() async {
    do {
      try await tryInitializeSingletons()
    } catch {
      fatalError(error.description)
    }
  }

  /// Builds every `.single` component visible from this container now, from async code;
  /// throws the first failure.
  ///
  /// ```swift
  /// container.register { () async throws -> Database in try await Database.connect() }
  ///   .lifetime(.single)
  /// do {
  ///   try await container.tryInitializeSingletons()   // connected here, or why not
  /// } catch {
  ///   print("start-up failed: \(error)")
  /// }
  /// ```
  public func tryInitializeSingletons() async throws(ResolutionError) {
    for (record, producer) in snapshot.singles {
      var context = ResolutionContext(container: self)
      do {
        try await record.runAsync(producer, &context)
        try await context.finishAsync()
      } catch {
        context.fail()
        throw failed(error.finished(requested: record.typeName))
      }
    }
  }

  /// Builds every `.single` component visible from this container now; throws the first
  /// failure, for a start-up that reports it rather than trapping.
  ///
  /// ```swift
  /// func start(_ container: Container) -> Bool {
  ///   do {
  ///     try container.tryInitializeSingletons()   // every `.single` built here
  ///     return true
  ///   } catch {
  ///     print("start-up failed: \(error)")        // what, the path, why, and the fix
  ///     return false
  ///   }
  /// }
  /// ```
  public func tryInitializeSingletons() throws(ResolutionError) {
    for (record, producer) in snapshot.singles {
      var context = ResolutionContext(container: self)
      do {
        try record.run(producer, &context)
        try context.finish()
      } catch {
        context.fail()
        throw failed(error.finished(requested: record.typeName))
      }
    }
  }
}
