-- The API keeps recently read carts in memory (api/src/cart/cache.ts) so that GET /api/cart/ costs no query. Every
-- change to a cart or its items, whoever makes it (cart routes, login merge, checkout, renewals, account deletion,
-- pruning), tells each API node at commit through NOTIFY 'cart_changed' which cart to forget: payload
-- '<cart id> <user id or empty>'; '*' (TRUNCATE) forgets every cart.
CREATE FUNCTION cart_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner integer;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('cart_changed', '*');
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'carts' THEN
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('cart_changed', OLD.id::text || ' ' || coalesce(OLD.user_id::text, ''));
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('cart_changed', NEW.id::text || ' ' || coalesce(NEW.user_id::text, ''));
    END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN
      SELECT user_id INTO owner FROM carts WHERE id = OLD.cart_id;
      PERFORM pg_notify('cart_changed', OLD.cart_id::text || ' ' || coalesce(owner::text, ''));
    END IF;
    IF TG_OP <> 'DELETE' THEN
      SELECT user_id INTO owner FROM carts WHERE id = NEW.cart_id;
      PERFORM pg_notify('cart_changed', NEW.cart_id::text || ' ' || coalesce(owner::text, ''));
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER carts_changed AFTER INSERT OR UPDATE OR DELETE ON carts
  FOR EACH ROW EXECUTE FUNCTION cart_changed();
CREATE TRIGGER cart_items_changed AFTER INSERT OR UPDATE OR DELETE ON cart_items
  FOR EACH ROW EXECUTE FUNCTION cart_changed();
CREATE TRIGGER carts_truncated AFTER TRUNCATE ON carts
  FOR EACH STATEMENT EXECUTE FUNCTION cart_changed();
CREATE TRIGGER cart_items_truncated AFTER TRUNCATE ON cart_items
  FOR EACH STATEMENT EXECUTE FUNCTION cart_changed();
