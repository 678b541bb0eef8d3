-- Every user gets a profile row in the same transaction that creates the user.
CREATE FUNCTION create_profile_for_new_user() RETURNS trigger AS $$
BEGIN
  INSERT INTO profiles (id, email, full_name, time_zone, created_at, updated_at)
  VALUES (NEW.id, NEW.email, COALESCE(NEW.name, ''), NEW.time_zone, NEW.created_at, NEW.created_at);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_create_profile AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION create_profile_for_new_user();
