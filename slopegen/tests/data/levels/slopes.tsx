<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.11.0" name="slopes" tilewidth="16" tileheight="16" spacing="2" margin="1" tilecount="8" columns="4">
 <image source="slopes.png" width="72" height="36"/>
 <tile id="1"><properties><property name="name" value="ramp45"/></properties></tile>
 <tile id="3"><properties><property name="name" value="notch"/></properties></tile>
 <tile id="4"><properties><property name="one_way" type="bool" value="true"/></properties></tile>
 <tile id="5"><properties><property name="name" value="ramp22"/></properties></tile>
 <tile id="7"><properties><property name="name" value="bump"/></properties></tile>
</tileset>
