package lockstep.gui;

public final class Launcher {
    public static void main(String[] args) {
    }
}
