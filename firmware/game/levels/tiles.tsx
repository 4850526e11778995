<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.11.0" name="tiles" tilewidth="16" tileheight="16" tilecount="5" columns="5">
 <image source="tiles.png" width="80" height="16"/>
 <tile id="0"><properties><property name="name" value="block"/></properties></tile>
 <tile id="1"><properties><property name="name" value="slope45"/></properties></tile>
 <tile id="2"><properties><property name="name" value="slope26_1"/></properties></tile>
 <tile id="3"><properties><property name="name" value="slope26_2"/></properties></tile>
 <tile id="4"><properties><property name="name" value="ledge"/><property name="one_way" type="bool" value="true"/></properties></tile>
</tileset>
