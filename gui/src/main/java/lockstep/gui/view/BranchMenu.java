package lockstep.gui.view;

import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.CustomMenuItem;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;
import lockstep.gui.viewmodel.WorkbenchViewModel;

import lockstep.gui.text.WindowTexts;

/**
 * A client's menu: "what if, here, c2 ..." with "acquire" and every client fault of the registry, each with its one
 * line of description. Picking one asks the view model to branch the lane at the cursor. When the lane cannot branch
 * (a trace file, lanes full) the items are disabled and the menu says why, in its first line and in a tooltip.
 */
final class BranchMenu {

    private BranchMenu() {
    }

    static ContextMenu of(WorkbenchViewModel vm, int lane, String client) {
        ContextMenu menu = new ContextMenu();
        menu.setId("branch-menu");
        String refusal = vm.branchRefusal(lane);
        Label heading = new Label(refusal == null ? WindowTexts.text("branch.heading", client) : refusal);
        heading.getStyleClass().add("muted-text");
        heading.setId("branch-heading");
        heading.setWrapText(true);
        heading.setMaxWidth(360);
        heading.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE); // wrapped whole, never cut with "..."
        heading.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        CustomMenuItem head = new CustomMenuItem(heading, false);
        head.setDisable(refusal != null);
        menu.getItems().addAll(head, new SeparatorMenuItem());
        for (WorkbenchViewModel.BranchAction action : vm.branchActions(lane, client)) {
            Label word = new Label(client + " " + action.word());
            word.setStyle("-fx-font-weight: bold;");
            Label description = new Label(action.description());
            description.getStyleClass().add("muted-text");
            description.setWrapText(true);
            description.setMaxWidth(360);
            description.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
            VBox content = new VBox(1, word, description);
            content.setId("branch-" + action.word());
            MenuItem item = new CustomMenuItem(content);
            if (refusal != null) {
                item.setDisable(true);
                Tooltip.install(content, new Tooltip(refusal));
            } else {
                item.setOnAction(e -> vm.branch(lane, client, action.word()));
            }
            menu.getItems().add(item);
        }
        return menu;
    }

    /** Shows the menu for a client of a lane at a point of the screen. */
    static void show(WorkbenchViewModel vm, int lane, String client, Node owner, double x, double y) {
        of(vm, lane, client).show(owner, x, y);
    }
}
