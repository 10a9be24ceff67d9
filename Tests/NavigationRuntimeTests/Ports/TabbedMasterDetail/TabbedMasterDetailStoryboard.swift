// Tabbed + Master-Detail port: Xcode's "Tabbed App" template whose first tab is the "Master-Detail App" template,
// written as Interface Builder XML (element ids as Xcode generates them).

enum TabbedMasterDetailStoryboard {
    static let xml = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="17701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES" initialViewController="49e-Tb-3d3">
        <scenes>
            <!--Tab Bar Controller-->
            <scene sceneID="yl2-sM-qoP">
                <objects>
                    <tabBarController id="49e-Tb-3d3" sceneMemberID="viewController">
                        <tabBar key="tabBar" contentMode="scaleToFill" id="W28-zg-YXA"/>
                        <connections>
                            <segue destination="H1p-Uh-vWS" kind="relationship" relationship="viewControllers" id="u7Y-xg-7CH"/>
                            <segue destination="Lst-Nv-001" kind="relationship" relationship="viewControllers" id="lzU-1b-eKA"/>
                            <segue destination="Onb-Pg-001" kind="relationship" relationship="viewControllers" id="onb-rl-001"/>
                        </connections>
                    </tabBarController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="HuB-VB-40B" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
            <!--Split View Controller-->
            <scene sceneID="Nki-YV-4Qg">
                <objects>
                    <splitViewController id="H1p-Uh-vWS" sceneMemberID="viewController">
                        <toolbarItems/>
                        <connections>
                            <segue destination="RMx-3f-FxP" kind="relationship" relationship="masterViewController" id="BlO-5A-QYV"/>
                            <segue destination="vC3-pB-5Vb" kind="relationship" relationship="detailViewController" id="Tll-UG-LXB"/>
                        </connections>
                    </splitViewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="cZU-Oi-B1e" userLabel="First Responder" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
            <!--Master-->
            <scene sceneID="pY4-Hu-kfo">
                <objects>
                    <navigationController title="Master" id="RMx-3f-FxP" sceneMemberID="viewController">
                        <navigationBar key="navigationBar" contentMode="scaleToFill" id="Pmd-2v-anx"/>
                        <connections>
                            <segue destination="7bK-jq-Zjz" kind="relationship" relationship="rootViewController" id="tsl-Nk-0bq"/>
                        </connections>
                    </navigationController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="8fS-aE-onr" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
            <!--Master-->
            <scene sceneID="smW-Zh-WAh">
                <objects>
                    <tableViewController title="Master" clearsSelectionOnViewWillAppear="NO" id="7bK-jq-Zjz" customClass="MasterViewController" customModule="TabbedMasterDetail" customModuleProvider="target" sceneMemberID="viewController">
                        <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="prototypes" style="plain" separatorStyle="default" rowHeight="44" sectionHeaderHeight="22" sectionFooterHeight="22" id="r7i-6Z-zg0">
                            <prototypes>
                                <tableViewCell contentMode="scaleToFill" selectionStyle="blue" accessoryType="disclosureIndicator" hidesAccessoryWhenEditing="NO" indentationLevel="1" indentationWidth="0.0" reuseIdentifier="Cell" textLabel="Arm-wq-HPj" style="IBUITableViewCellStyleDefault" id="WCw-Qf-5nD">
                                    <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="WCw-Qf-5nD" id="37f-cq-3Eg"/>
                                    <connections>
                                        <segue destination="vC3-pB-5Vb" kind="showDetail" identifier="showDetail" id="6S0-TO-JiA"/>
                                    </connections>
                                </tableViewCell>
                            </prototypes>
                            <connections>
                                <outlet property="dataSource" destination="7bK-jq-Zjz" id="Gho-Na-rnu"/>
                                <outlet property="delegate" destination="7bK-jq-Zjz" id="RA6-mI-bju"/>
                            </connections>
                        </tableView>
                        <navigationItem key="navigationItem" title="Master" id="Zdf-7t-Un8"/>
                    </tableViewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="Rux-fX-hf1" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
            <!--Detail-->
            <scene sceneID="r7l-gg-dq7">
                <objects>
                    <navigationController id="vC3-pB-5Vb" sceneMemberID="viewController">
                        <navigationBar key="navigationBar" contentMode="scaleToFill" id="DjV-YW-jjY"/>
                        <connections>
                            <segue destination="JEX-9P-axG" kind="relationship" relationship="rootViewController" id="GKi-kA-LjT"/>
                        </connections>
                    </navigationController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="SLD-UC-DBI" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
            <scene sceneID="yUG-lL-AsK">
                <objects>
                    <viewController title="Detail" id="JEX-9P-axG" customClass="DetailViewController" customModule="TabbedMasterDetail" customModuleProvider="target" storyboardIdentifier="Detail" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="svH-Pt-448"/>
                        <navigationItem key="navigationItem" title="Detail" id="mOI-FS-AaM"/>
                    </viewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="FJe-Yq-33r" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
            <!--List tab (navigation, push, modal sheet with unwind)-->
            <scene sceneID="lst-sc-001">
                <objects>
                    <navigationController id="Lst-Nv-001" storyboardIdentifier="ListNav" sceneMemberID="viewController">
                        <tabBarItem key="tabBarItem" title="List" id="lst-ti-001"/>
                        <navigationBar key="navigationBar" contentMode="scaleToFill" id="lst-nb-001"/>
                        <connections>
                            <segue destination="Lst-Vc-001" kind="relationship" relationship="rootViewController" id="lst-rl-001"/>
                        </connections>
                    </navigationController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="lst-fr-001" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
            <scene sceneID="lst-sc-002">
                <objects>
                    <tableViewController id="Lst-Vc-001" customClass="ListViewController" customModule="TabbedMasterDetail" customModuleProvider="target" storyboardIdentifier="List" sceneMemberID="viewController">
                        <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" dataMode="prototypes" style="plain" id="lst-tv-001">
                            <prototypes>
                                <tableViewCell contentMode="scaleToFill" reuseIdentifier="ItemCell" id="lst-cl-001">
                                    <connections>
                                        <segue destination="Itm-Vc-001" kind="show" identifier="showItem" id="lst-sg-001"/>
                                    </connections>
                                </tableViewCell>
                            </prototypes>
                        </tableView>
                        <navigationItem key="navigationItem" title="List" id="lst-ni-001">
                            <barButtonItem key="rightBarButtonItem" systemItem="add" id="lst-bb-add">
                                <connections>
                                    <segue destination="Frm-Nv-001" kind="presentation" identifier="addItem" id="lst-sg-002"/>
                                </connections>
                            </barButtonItem>
                        </navigationItem>
                    </tableViewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="lst-fr-002" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
            <scene sceneID="itm-sc-001">
                <objects>
                    <viewController id="Itm-Vc-001" customClass="ItemViewController" customModule="TabbedMasterDetail" customModuleProvider="target" storyboardIdentifier="Item" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="itm-vw-001"/>
                    </viewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="itm-fr-001" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
            <scene sceneID="frm-sc-001">
                <objects>
                    <navigationController id="Frm-Nv-001" sceneMemberID="viewController">
                        <navigationBar key="navigationBar" contentMode="scaleToFill" id="frm-nb-001"/>
                        <connections>
                            <segue destination="Frm-Vc-001" kind="relationship" relationship="rootViewController" id="frm-rl-001"/>
                        </connections>
                    </navigationController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="frm-fr-001" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
            <scene sceneID="frm-sc-002">
                <objects>
                    <viewController id="Frm-Vc-001" customClass="FormViewController" customModule="TabbedMasterDetail" customModuleProvider="target" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="frm-vw-001"/>
                        <navigationItem key="navigationItem" title="New Item" id="frm-ni-001">
                            <barButtonItem key="rightBarButtonItem" style="done" systemItem="done" id="frm-bb-done">
                                <connections>
                                    <segue destination="frm-ex-001" kind="unwind" identifier="doneUnwind" unwindAction="unwindToList:" id="frm-sg-001"/>
                                </connections>
                            </barButtonItem>
                        </navigationItem>
                    </viewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="frm-fr-002" sceneMemberID="firstResponder"/>
                    <exit id="frm-ex-001" userLabel="Exit" sceneMemberID="exit"/>
                </objects>
            </scene>
            <!--Onboarding tab (page view controller)-->
            <scene sceneID="onb-sc-001">
                <objects>
                    <pageViewController autoresizesArchivedViewToFullSize="NO" transitionStyle="scroll" navigationOrientation="horizontal" spineLocation="none" id="Onb-Pg-001" customClass="OnboardingPageViewController" customModule="TabbedMasterDetail" customModuleProvider="target" sceneMemberID="viewController">
                        <tabBarItem key="tabBarItem" title="Welcome" id="onb-ti-001"/>
                    </pageViewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="onb-fr-001" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
            <scene sceneID="onb-sc-002">
                <objects>
                    <viewController storyboardIdentifier="OnboardingPage" id="Onb-Vc-001" customClass="OnboardingContentViewController" customModule="TabbedMasterDetail" customModuleProvider="target" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="onb-vw-001"/>
                    </viewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="onb-fr-002" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
        </scenes>
    </document>
    """
}
