extension Component {
  /// Offers the component only to `consumer`: the components of type `consumer` (or forwarded
  /// as it) get it where they ask for a type it provides, and nothing else does. One type can
  /// so be built differently depending on who receives it.
  ///
  /// ```swift
  /// container.register(UsersLoader.init).as(Loader.self).when(injectedInto: UsersScreen.self)
  /// container.register(PlainLoader.init).as(Loader.self)   // everyone else
  ///
  /// let screen: UsersScreen = container.resolve()   // screen.loader is a UsersLoader
  /// let loader: Loader = container.resolve()        // a PlainLoader
  /// ```
  ///
  /// The choice is made when the container links its registrations, so a resolve pays nothing
  /// for it. For its consumer, a contextual registration wins over an unconditional one of the
  /// same container (they are not ambiguous); a child container's registration, contextual or
  /// not, still hides its parents'. It applies wherever the consumer asks: initializer
  /// parameters, injections, `Lazy`, `Provider`, `Optional` and `many` (which gives the
  /// consumer every unconditional implementation and those offered to it, in registration
  /// order). Call it again to offer the component to several consumers.
  ///
  /// The component is offered under every type it provides, its own included: resolved at the
  /// top (`container.resolve(Loader.self)`), where there is no consumer, only unconditional
  /// registrations answer, and a type provided to consumers only fails with a message that
  /// names them. ``Container/validate()`` reports two contextual registrations for one consumer
  /// as an ambiguity, and warns about a consumer that is not registered; the graph export labels
  /// the contextual edges.
  ///
  /// - Parameter consumer: The type of the component that receives this one: its
  ///   implementation type or a type it is forwarded as.
  /// - Returns: The component, for more options.
  @discardableResult
  public func when<Consumer>(injectedInto consumer: Consumer.Type) -> Component<Impl> {
    // Lookups index contextual registrations apart when a snapshot is linked: everything is
    // linked anew.
    container.update { record.consumers.append(Consumer.self) }
    return self
  }
}
